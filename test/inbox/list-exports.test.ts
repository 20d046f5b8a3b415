import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newMember } from "../support/account";
import { fetchWorker, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { apiLogin, sessionCookie } from "../support/staff";

// Bulk reads are exports (docs/security.md): the JSON list API's pages past the first ask for the
// recent check as the CSV does, and a walk that reads more than 200 records is in the audit log as
// an export (who, which kind and filter, how many).

const HOURS = 60 * 60_000;
const PATH = "/api/contact-submissions";

async function listExports(actorId: string) {
  const { results } = await env.DB.prepare(
    "select target, detail from audit_log where actor_id = ? and action = 'records.list-export' order by id",
  )
    .bind(actorId)
    .all<{ target: string; detail: string }>();
  return results.map((row) => ({ target: row.target, detail: JSON.parse(row.detail) as Record<string, unknown> }));
}

const nextOf = (response: Response) => {
  const link = /<([^>]+)>; rel="next"/.exec(response.headers.get("Link") ?? "")?.[1];
  return link ? link.slice(ORIGIN.length) : null;
};

/** A new member signed in (at `at`), and `count` records of a fresh tag, newest first, their message `<word> <tag>`. */
async function memberAndRecords(word: string, count: number, at?: Date) {
  const member = await newMember();
  const tag = `${word}${crypto.randomUUID().slice(0, 6)}`;
  await insertInboxRecords(
    "contact",
    Array.from({ length: count }, (_, index) => ({
      message: `${word} ${tag}`,
      submittedAt: Date.now() - index * 1000,
    })),
  );
  const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
  return { member, tag, session };
}

/** The recent check passed with the member's password, at `at`. */
async function passCheck(session: string, password: string, at: Date) {
  const check = await fetchWorker(
    "/api/account/check",
    {
      method: "POST",
      headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ password }),
    },
    { at },
  );
  expect(check.status).toBe(200);
}

describe("the list API's walks", () => {
  it("asks a stale session for the check before a page past the first, as the CSV does", async () => {
    const at = new Date();
    const { member, tag, session } = await memberAndRecords("stale", 3, at);
    const later = new Date(at.getTime() + 3 * HOURS);
    const first = await fetchWorker(`${PATH}?q=${tag}&limit=2`, { headers: { Cookie: session } }, { at: later });
    expect(first.status).toBe(200);
    const next = nextOf(first);
    expect(next).not.toBeNull();
    const refused = await fetchWorker(next!, { headers: { Cookie: session } }, { at: later });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ step: "password", endpoint: "/api/account/check" });
    const csv = await fetchWorker(`${PATH}.csv?q=${tag}`, { headers: { Cookie: session } }, { at: later });
    expect(csv.status).toBe(403);

    await passCheck(session, member.password, later);
    const allowed = await fetchWorker(next!, { headers: { Cookie: session } }, { at: later });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(1);
  });

  it("writes a walk past 200 records to the audit log once, with its filter and how many", async () => {
    const { member, tag, session } = await memberAndRecords("bulk", 260);
    let path: string | null = `${PATH}?q=${tag}&limit=100`;
    let read = 0;
    const exportsAfterPage: number[] = [];
    while (path) {
      const response = await fetchWorker(path, { headers: { Cookie: session } });
      expect(response.status).toBe(200);
      read += (await response.json<unknown[]>()).length;
      exportsAfterPage.push((await listExports(member.id)).length);
      path = nextOf(response);
    }
    expect(read).toBe(260);
    // 100, 200: not yet; 260: an export, written once.
    expect(exportsAfterPage).toEqual([0, 0, 1]);
    expect(await listExports(member.id)).toEqual([
      {
        target: "contact-messages",
        detail: {
          statuses: expect.any(String),
          searched: true,
          due: false,
          assignee: null,
          replied: false,
          read: 260,
          matching: 260,
          through: "api",
        },
      },
    ]);

    // A walk under 200 (a first page again starts a new one) writes nothing.
    const small = await fetchWorker(`${PATH}?q=${tag}&limit=150`, { headers: { Cookie: session } });
    expect(small.status).toBe(200);
    expect(await listExports(member.id)).toHaveLength(1);
  });
});

/** The inbox page's "Older" link (its address, as the page writes it). */
const olderLinkOf = (html: string) => {
  const href =
    /<a[^>]*href="(\/incoming\?[^"]*cursor=[^"]*)"[^>]*rel="next"|<a[^>]*rel="next"[^>]*href="(\/incoming\?[^"]*cursor=[^"]*)"/.exec(
      html,
    );
  const link = href?.[1] ?? href?.[2];
  return link ? link.replaceAll("&amp;", "&") : null;
};
const asData = (path: string) => path.replace(/^\/incoming\?/, "/incoming.data?");

describe("every door that lists records: the JSON API, the inbox page, its .data requests, the CSV", () => {
  it("asks a stale session for the check before any page past the first, whichever door it comes through", async () => {
    const at = new Date();
    const { member, tag, session } = await memberAndRecords("door", 30, at);
    const later = new Date(at.getTime() + 3 * HOURS);
    const get = (path: string) =>
      fetchWorker(path, { headers: { Cookie: session }, redirect: "manual" }, { at: later });

    // The first page of each stays readable.
    const firstPage = await get(`/incoming?q=${tag}`);
    expect(firstPage.status).toBe(200);
    const older = olderLinkOf(await firstPage.text());
    expect(older).not.toBeNull();
    expect((await get(`${PATH}?q=${tag}&limit=25`)).status).toBe(200);

    // Past it: the JSON API and the CSV answer 403 with the step; the page and its .data go to the check.
    const json = await get(`${PATH}?q=${tag}&limit=25&cursor=${new URL(older!, ORIGIN).searchParams.get("cursor")}`);
    expect(json.status).toBe(403);
    expect(await json.json()).toMatchObject({ step: "password" });
    expect((await get(`${PATH}.csv?q=${tag}`)).status).toBe(403);
    const page = await get(older!);
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe(`/incoming/check?next=${encodeURIComponent(older!)}`);
    const data = await get(asData(older!));
    const dataBody = await data.text();
    expect(dataBody).toContain("/incoming/check?next=");
    expect(dataBody).not.toContain(`door ${tag}`);

    await passCheck(session, member.password, later);
    const allowed = await get(older!);
    expect(allowed.status).toBe(200);
    expect(await allowed.text()).toContain(`door ${tag}`);
    const allowedData = await get(asData(older!));
    expect(allowedData.status).toBe(200);
    expect(await allowedData.text()).toContain(`door ${tag}`);
  });

  it("writes a walk past 200 records through the inbox page and its .data requests to the audit log once", async () => {
    const { member, tag, session } = await memberAndRecords("page", 260);
    const get = (path: string) => fetchWorker(path, { headers: { Cookie: session } });
    let path: string | null = `/incoming?q=${tag}`;
    const exportsAfterPage: number[] = [];
    let pages = 0;
    while (path) {
      // Every other page through a .data request, as the page's own links do with JavaScript.
      const response: Response = await get(pages % 2 === 1 ? asData(path) : path);
      expect(response.status).toBe(200);
      if (pages % 2 === 1) await response.text();
      exportsAfterPage.push((await listExports(member.id)).length);
      // The HTML page names the next one; a .data answer is followed by the same page as HTML.
      path = olderLinkOf(await (pages % 2 === 1 ? get(path) : Promise.resolve(response)).then((each) => each.text()));
      pages += 1;
    }
    expect(pages).toBe(11);
    // Quiet for the first pages (25 records each, a .data page read twice), then written once.
    expect(exportsAfterPage.slice(0, 4)).toEqual([0, 0, 0, 0]);
    expect(exportsAfterPage.at(-1)).toBe(1);
    expect(await listExports(member.id)).toEqual([
      {
        target: "contact-messages",
        detail: expect.objectContaining({ searched: true, matching: 260, through: "page" }),
      },
    ]);
  });
});
