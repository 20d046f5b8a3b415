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

describe("the list API's walks", () => {
  it("asks a stale session for the check before a page past the first, as the CSV does", async () => {
    const member = await newMember();
    const tag = `stale${crypto.randomUUID().slice(0, 6)}`;
    await insertInboxRecords(
      "contact",
      Array.from({ length: 3 }, () => ({ message: `walk ${tag}` })),
    );
    const at = new Date();
    const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
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

    const check = await fetchWorker(
      "/api/account/check",
      {
        method: "POST",
        headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ password: member.password }),
      },
      { at: later },
    );
    expect(check.status).toBe(200);
    const allowed = await fetchWorker(next!, { headers: { Cookie: session } }, { at: later });
    expect(allowed.status).toBe(200);
    expect(await allowed.json()).toHaveLength(1);
  });

  it("writes a walk past 200 records to the audit log once, with its filter and how many", async () => {
    const member = await newMember();
    const tag = `bulk${crypto.randomUUID().slice(0, 6)}`;
    await insertInboxRecords(
      "contact",
      Array.from({ length: 260 }, (_, index) => ({ message: `walk ${tag}`, submittedAt: Date.now() - index * 1000 })),
    );
    const session = sessionCookie(await apiLogin(member.username, member.password));
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
          read: 260,
          matching: 260,
        },
      },
    ]);

    // A walk under 200 (a first page again starts a new one) writes nothing.
    const small = await fetchWorker(`${PATH}?q=${tag}&limit=150`, { headers: { Cookie: session } });
    expect(small.status).toBe(200);
    expect(await listExports(member.id)).toHaveLength(1);
  });
});
