import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, unreachableD1 } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { postStaffForm, staffSessionCookie, toastCookie } from "../support/staff";

// /incoming and a record's own page, as staff use them without JavaScript: filters and search in
// the address, one form per status button (post/redirect/get with a toast), delete with a
// confirmation. The same actions answer React Router's fetcher with data.

let cookie: string;

beforeAll(async () => {
  cookie = await staffSessionCookie("robin");
});

const page = (path: string) => fetchWorker(path, { headers: { Cookie: cookie }, redirect: "manual" });

/** A form post from the inbox's own pages, as a browser without JavaScript sends it. */
const post = (path: string, fields: Record<string, string>, headers: Record<string, string> = {}) =>
  postStaffForm(cookie, path, fields, { headers });

const statusOf = async (id: string) =>
  (await env.DB.prepare("select status from contact_submissions where id = ?").bind(id).first<{ status: string }>())
    ?.status;

describe("/incoming", () => {
  it("shows open records by default, with the filter, the search and an export of exactly that", async () => {
    const tag = `i${crypto.randomUUID().slice(0, 8)}`;
    const [fresh, called, done] = await insertInboxRecords("contact", [
      { lastName: tag, status: "new" },
      { lastName: tag, status: "contacted" },
      { lastName: tag, status: "closed" },
    ]);
    const html = await (await page(`/incoming?q=${tag}`)).text();
    expect(html).toContain(`/incoming/contact-messages/${fresh}"`);
    expect(html).toContain(`/incoming/contact-messages/${called}"`);
    expect(html).not.toContain(`/incoming/contact-messages/${done}"`);
    expect(html).toContain(`2<!-- --> <!-- -->records<!-- --> matching “<!-- -->${tag}`);
    expect(html).toContain(`href="/api/contact-submissions.csv?status=new%2Ccontacted&amp;q=${tag}"`);
    expect(html).toMatch(/<form role="search"[^>]* action="\/incoming" method="get">/);
    const search = /<input[^>]*id="inbox-search"[^>]*>/.exec(html)?.[0] ?? "";
    expect(search).toContain('name="q"');
    expect(search).toContain(`value="${tag}"`);

    const closed = await (await page(`/incoming?q=${tag}&status=closed`)).text();
    expect(closed).toContain(`/incoming/contact-messages/${done}"`);
    expect(closed).not.toContain(`/incoming/contact-messages/${fresh}"`);
    expect(closed).toContain(`href="/api/contact-submissions.csv?status=closed&amp;q=${tag}"`);
  });

  it("keeps the filter and the search when switching tabs", async () => {
    const html = await (await page("/incoming?status=closed&q=smith")).text();
    expect(html).toContain('href="/incoming?tab=service-requests&amp;status=closed&amp;q=smith"');
    const requests = await (await page("/incoming?tab=service-requests&status=closed&q=smith")).text();
    expect(requests).toContain('href="/incoming?status=closed&amp;q=smith"');
    expect(requests).toContain('<input type="hidden" name="tab" value="service-requests"/>');
  });

  it("says what is wrong with an address it cannot read (400), never a 500", async () => {
    for (const query of ["cursor=garbage", "status=urgent", `q=${"x".repeat(201)}`]) {
      const response = await page(`/incoming?${query}`);
      expect(response.status, query).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const html = await response.text();
      expect(html).toContain("This inbox address is not valid");
      expect(html).toContain('href="/incoming"');
    }
  });

  it("shows the site's error page when D1 cannot be reached, never a stack", async () => {
    const response = await fetchWorker(
      "/incoming",
      { headers: { Cookie: cookie } },
      { bindings: { DB: unreachableD1() } },
    );
    expect(response.status).toBe(500);
    const html = await response.text();
    expect(html).toContain("We hit a snag");
    expect(html).not.toContain("This inbox address is not valid");
    expect(html).not.toContain("D1_ERROR");
  });

  it("cuts long messages on the cards and links to the whole message", async () => {
    const tag = `i${crypto.randomUUID().slice(0, 8)}`;
    const [id] = await insertInboxRecords("contact", [{ lastName: tag, message: `${"word ".repeat(200)}THE END` }]);
    const html = await (await page(`/incoming?q=${tag}`)).text();
    expect(html).not.toContain("THE END");
    expect(html).toContain("Read all");
    const record = await (await page(`/incoming/contact-messages/${id}`)).text();
    expect(record).toContain("THE END");
  });
});

describe("a record's page", () => {
  it("shows every field, the status, its buttons and its history; noindex, never cached", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [
      {
        firstName: "Lena",
        lastName: "Park",
        email: "lena.park@example.com",
        phone: "443-555-0111",
        service: "ac-service",
        message: "AC blows warm.\nSecond line.",
        submittedAt: Date.UTC(2026, 6, 4, 16, 0),
        status: "contacted",
      },
    ]);
    await env.DB.prepare(
      "insert into submission_status_changes (submission_kind, submission_id, status, changed_by, changed_at) values (?, ?, ?, ?, ?)",
    )
      .bind("serviceRequest", id!, "contacted", "maria", Date.UTC(2026, 6, 4, 17, 5))
      .run();
    const response = await page(`/incoming/service-requests/${id}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    for (const text of [
      "Lena",
      "Park",
      'href="mailto:lena.park@example.com"',
      'href="tel:4435550111"',
      "Air Conditioning Service",
      "AC blows warm.\nSecond line.",
      "Jul 4, 2026, 12:00 PM EDT",
      "Contacted</span> by <!-- -->maria",
      "Jul 4, 2026, 1:05 PM EDT",
    ]) {
      expect(html, text).toContain(text);
    }
    // One form, a button per status, back to this page without JavaScript.
    const forms = [...html.matchAll(/<form([^>]*)>([\s\S]*?)<\/form>/g)];
    const statusForms = forms
      .filter(([, , body]) => body!.includes('name="intent" value="status"'))
      .map(([, attributes, body]) => ({
        action: /action="([^"]+)"/.exec(attributes!)?.[1],
        returnTo: /name="returnTo" value="([^"]+)"/.exec(body!)?.[1],
        statuses: [...body!.matchAll(/<button[^>]*>/g)]
          .filter(([button]) => button.includes('name="status"'))
          .map(([button]) => /value="(\w+)"/.exec(button)?.[1]),
      }));
    const here = `/incoming/service-requests/${id}`;
    expect(statusForms).toEqual([{ action: here, returnTo: here, statuses: ["new", "closed", "spam"] }]);
    const confirm = /<input[^>]*type="checkbox"[^>]*>/.exec(html)?.[0] ?? "";
    expect(confirm).toContain('name="confirm"');
    expect(confirm).toContain("required");
  });

  it("answers 404 for an unknown id or kind, and sends strangers to /login", async () => {
    const gone = await page(`/incoming/contact-messages/${crypto.randomUUID()}`);
    expect(gone.status).toBe(404);
    // Still in the staff area: its header names the member and keeps the navigation and Sign out.
    const html = (await gone.text()).replaceAll("<!-- -->", "");
    expect(html).toContain("Page Not Found");
    expect(html).toContain('<span class="font-semibold text-white">robin</span>');
    expect(html).toContain("Sign out");
    expect((await page("/incoming/invoices/abc")).status).toBe(404);
    const [id] = await insertInboxRecords("contact", [{}]);
    const stranger = await fetchWorker(`/incoming/contact-messages/${id}`, { redirect: "manual" });
    expect(stranger.status).toBe(302);
    expect(stranger.headers.get("Location")).toBe("/login");
    const strangerPost = await fetchWorker(`/incoming/contact-messages/${id}`, {
      method: "POST",
      redirect: "manual",
      body: new URLSearchParams({ intent: "delete", confirm: "yes" }),
    });
    expect(strangerPost.status).toBe(302);
    expect(strangerPost.headers.get("Location")).toBe("/login");
    expect(await statusOf(id!)).toBe("new");
  });
});

describe("changing a status with a page form", () => {
  it("without JavaScript: changes it, keeps who did it, and goes back where it came from with a toast", async () => {
    const [id] = await insertInboxRecords("contact", [{ firstName: "Ivy", lastName: "Stone" }]);
    const returnTo = "/incoming?status=all&q=stone";
    const response = await post(`/incoming/contact-messages/${id}`, {
      intent: "status",
      status: "contacted",
      returnTo,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(returnTo);
    expect(await statusOf(id!)).toBe("contacted");

    // The toast cookie, taken to the next page, shows there once.
    const next = await fetchWorker(returnTo, { headers: { Cookie: `${cookie}; ${toastCookie(response)}` } });
    const html = await next.text();
    expect(html).toContain("Status changed");
    expect(html).toContain("Ivy Stone: Contacted");

    const { results } = await env.DB.prepare(
      "select status, changed_by from submission_status_changes where submission_id = ?",
    )
      .bind(id!)
      .all();
    expect(results).toEqual([{ status: "contacted", changed_by: "robin" }]);
  });

  it("with JavaScript (a fetcher, no returnTo): answers with data, and 404 data for a deleted record", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const done = await post(`/incoming/contact-messages/${id}.data`, { intent: "status", status: "closed" });
    expect(done.status).toBe(200);
    expect(await statusOf(id!)).toBe("closed");

    await env.DB.prepare("delete from contact_submissions where id = ?").bind(id!).run();
    const gone = await post(`/incoming/contact-messages/${id}.data`, { intent: "status", status: "new" });
    expect(gone.status).toBe(404);
    expect(await gone.text()).toContain("no longer exists");
  });

  it("goes back only to the inbox's own pages, and refuses an unknown status or another site", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    for (const returnTo of ["https://evil.example/", "//evil.example/incoming", "/login", "/incoming\\@evil"]) {
      const response = await post(`/incoming/contact-messages/${id}`, {
        intent: "status",
        status: "contacted",
        returnTo,
      });
      expect(response.headers.get("Location"), returnTo).toBeNull();
    }
    const unknown = await post(`/incoming/contact-messages/${id}`, {
      intent: "status",
      status: "archived",
      returnTo: "/incoming",
    });
    expect(unknown.status).toBe(302);
    expect(await statusOf(id!)).toBe("contacted");
    const crossSite = await post(
      `/incoming/contact-messages/${id}`,
      { intent: "status", status: "closed", returnTo: "/incoming" },
      { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" },
    );
    expect(crossSite.status).toBe(403);
    expect(await statusOf(id!)).toBe("contacted");
  });
});

describe("deleting from a record's page", () => {
  it("needs the confirmation, then deletes the record and its history and returns to the list", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const here = `/incoming/contact-messages/${id}`;
    await post(here, { intent: "status", status: "contacted", returnTo: here });

    const unconfirmed = await post(here, { intent: "delete", returnTo: here });
    expect(unconfirmed.status).toBe(302);
    expect(unconfirmed.headers.get("Location")).toBe(here);
    expect(await statusOf(id!)).toBe("contacted");

    const confirmed = await post(here, { intent: "delete", confirm: "yes", returnTo: here });
    expect(confirmed.status).toBe(302);
    expect(confirmed.headers.get("Location")).toBe("/incoming");
    expect(await statusOf(id!)).toBeUndefined();
    const history = await env.DB.prepare("select count(*) as n from submission_status_changes where submission_id = ?")
      .bind(id!)
      .first<{ n: number }>();
    expect(history?.n).toBe(0);
    expect((await page(here)).status).toBe(404);
  });
});
