import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { runCron } from "../support/queue";
import { apiLogin, createStaffUser, postStaffForm, sessionCookie, staffApi } from "../support/staff";

// The audit log: every action it keeps writes one entry, owners read it a page at a time with
// filters, staff cannot, and the nightly job forgets entries after 400 days.

type Entry = {
  action: string;
  actor_id: string | null;
  actor_name: string | null;
  target: string | null;
  detail: string | null;
  client: string | null;
};

let counter = 0;
async function newMember(role: "owner" | "staff" = "owner") {
  counter += 1;
  const username = `audit${counter}-${crypto.randomUUID().slice(0, 6)}`;
  const password = `${username} long enough password`;
  const id = await createStaffUser(username, password, role);
  return { id, username, password };
}

async function entriesNamed(name: string): Promise<Entry[]> {
  const { results } = await env.DB.prepare("select * from audit_log where actor_name = ? order by id")
    .bind(name)
    .all<Entry>();
  return results;
}

/** What one step added to the log under a name. */
async function addedBy(name: string, step: () => Promise<unknown>): Promise<Entry[]> {
  const before = (await entriesNamed(name)).length;
  await step();
  return (await entriesNamed(name)).slice(before);
}

describe("what the audit log records", () => {
  it("a sign-in, with the client address, and a failed one with the username tried, known or not", async () => {
    const member = await newMember();
    const client = "198.51.100.23";
    const [signIn] = await addedBy(member.username, () => apiLogin(member.username, member.password, { client }));
    expect(signIn).toMatchObject({ action: "sign-in", actor_id: member.id, client });

    const wrong = await addedBy(member.username, () => apiLogin(member.username, "not the password at all"));
    expect(wrong).toEqual([expect.objectContaining({ action: "sign-in.failed", actor_id: null })]);

    const unknown = `nobody-${crypto.randomUUID().slice(0, 8)}`;
    const tried = await addedBy(unknown, () => apiLogin(unknown, "whatever password"));
    expect(tried).toEqual([expect.objectContaining({ action: "sign-in.failed", actor_id: null, actor_name: unknown })]);
  });

  it("a sign-out, from the API and from the staff header's form", async () => {
    const member = await newMember();
    const api = sessionCookie(await apiLogin(member.username, member.password));
    const viaApi = await addedBy(member.username, () =>
      fetchWorker("/api/logout", { method: "POST", headers: { Cookie: api } }),
    );
    expect(viaApi.map((entry) => entry.action)).toEqual(["sign-out"]);

    const page = sessionCookie(await apiLogin(member.username, member.password));
    const viaPage = await addedBy(member.username, () => postStaffForm(page, "/incoming", {}));
    expect(viaPage.map((entry) => entry.action)).toEqual(["sign-out"]);
    // Signed out already: nothing more to record.
    expect(
      await addedBy(member.username, () => fetchWorker("/api/logout", { method: "POST", headers: { Cookie: api } })),
    ).toEqual([]);
  });

  it("a password change and a change of name or email, without their values", async () => {
    const member = await newMember();
    const cookie = sessionCookie(await apiLogin(member.username, member.password));
    const password = await addedBy(member.username, () =>
      staffApi(cookie, "/api/account/password", {
        method: "POST",
        body: JSON.stringify({ currentPassword: member.password, newPassword: "the next long password" }),
      }),
    );
    expect(password.map((entry) => entry.action)).toEqual(["password.change"]);
    expect(JSON.stringify(password)).not.toContain("the next long password");

    const profile = await addedBy(member.username, () =>
      postStaffForm(cookie, "/incoming/account", { intent: "profile", displayName: "Ray", email: "ray@shop.example" }),
    );
    expect(profile).toEqual([
      expect.objectContaining({ action: "account.update", detail: '{"changed":"display name, email"}' }),
    ]);
    // Saving the form again as it is changes nothing, so records nothing.
    const same = await addedBy(member.username, () =>
      postStaffForm(cookie, "/incoming/account", { intent: "profile", displayName: "Ray", email: "ray@shop.example" }),
    );
    expect(same).toEqual([]);
  });

  it("a status change and a deletion, once each, from the API and from the page forms", async () => {
    const member = await newMember("staff");
    const cookie = sessionCookie(await apiLogin(member.username, member.password));
    const [first, second] = await insertInboxRecords("serviceRequest", [{}, {}]);

    const patch = (id: string, status: string) =>
      staffApi(cookie, `/api/service-requests/${id}`, { method: "PATCH", body: JSON.stringify({ status }) });
    const viaApi = await addedBy(member.username, () => patch(first!, "contacted"));
    expect(viaApi).toEqual([
      expect.objectContaining({
        action: "record.status",
        target: `service-requests/${first}`,
        detail: '{"status":"contacted"}',
      }),
    ]);
    // The same status again changes nothing, so records nothing.
    expect(await addedBy(member.username, () => patch(first!, "contacted"))).toEqual([]);

    const path = `/incoming/service-requests/${second}`;
    const viaPage = await addedBy(member.username, () =>
      postStaffForm(cookie, path, { intent: "status", status: "closed", returnTo: path }),
    );
    expect(viaPage.map((entry) => entry.action)).toEqual(["record.status"]);

    const deletedByPage = await addedBy(member.username, () =>
      postStaffForm(cookie, path, { intent: "delete", confirm: "yes", returnTo: path }),
    );
    expect(deletedByPage).toEqual([
      expect.objectContaining({ action: "record.delete", target: `service-requests/${second}` }),
    ]);
    const deletedByApi = await addedBy(member.username, () =>
      staffApi(cookie, `/api/service-requests/${first}`, { method: "DELETE" }),
    );
    expect(deletedByApi.map((entry) => entry.action)).toEqual(["record.delete"]);
    // Gone already: nothing was deleted, nothing recorded.
    expect(
      await addedBy(member.username, () => staffApi(cookie, `/api/service-requests/${first}`, { method: "DELETE" })),
    ).toEqual([]);
  });

  it("a CSV export, with its filter and whether it searched, not the search itself", async () => {
    const member = await newMember("staff");
    const cookie = sessionCookie(await apiLogin(member.username, member.password));
    const exported = await addedBy(member.username, async () => {
      const response = await staffApi(cookie, "/api/contact-submissions.csv?status=new&q=santos");
      await response.text();
    });
    expect(exported).toEqual([
      expect.objectContaining({
        action: "records.export",
        target: "contact-messages",
        detail: '{"statuses":"new","searched":true}',
      }),
    ]);
  });

  it("signing out other sessions from the account page", async () => {
    const member = await newMember();
    await apiLogin(member.username, member.password);
    const cookie = sessionCookie(await apiLogin(member.username, member.password));
    const ended = await addedBy(member.username, () =>
      postStaffForm(cookie, "/incoming/account", { intent: "end-other-sessions" }),
    );
    expect(ended).toEqual([expect.objectContaining({ action: "sign-out", detail: '{"sessions":1,"current":false}' })]);
  });
});

describe("reading the audit log", () => {
  async function seedEntries(actor: { id: string; username: string }, count: number, start = Date.now() - 3_600_000) {
    const statements = Array.from({ length: count }, (_, index) =>
      env.DB.prepare(
        "insert into audit_log (at, actor_id, actor_name, action, target, client) values (?, ?, ?, ?, ?, ?)",
      ).bind(
        start + index * 1000,
        actor.id,
        actor.username,
        index % 3 === 0 ? "records.export" : "record.status",
        `contact-messages/seeded-${index}`,
        "192.0.2.1",
      ),
    );
    await env.DB.batch(statements);
  }

  it("gives owners 50 entries a page, newest first, with Link and X-Total-Count, filtered by person and kind", async () => {
    const owner = await newMember();
    const subject = await newMember("staff");
    await seedEntries(subject, 120);
    const cookie = sessionCookie(await apiLogin(owner.username, owner.password));

    const seen: string[] = [];
    let next: string | null = `/api/audit?person=${subject.username}`;
    const pageSizes: number[] = [];
    while (next) {
      const response = await staffApi(cookie, next);
      expect(response.status).toBe(200);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(response.headers.get("X-Total-Count")).toBe("120");
      const entries: { target: string; actor: { username: string } }[] = await response.json();
      pageSizes.push(entries.length);
      seen.push(...entries.map((entry) => entry.target));
      const link = response.headers.get("Link");
      next = link
        ? new URL(/<([^>]+)>; rel="next"/.exec(link)![1]!).pathname + new URL(/<([^>]+)>/.exec(link)![1]!).search
        : null;
    }
    expect(pageSizes).toEqual([50, 50, 20]);
    expect(seen).toEqual(Array.from({ length: 120 }, (_, index) => `contact-messages/seeded-${119 - index}`));

    const exports = await staffApi(cookie, `/api/audit?person=${subject.username}&action=records.export`);
    expect(exports.headers.get("X-Total-Count")).toBe("40");
    const exportEntries: { action: string }[] = await exports.json();
    expect(new Set(exportEntries.map((entry) => entry.action))).toEqual(new Set(["records.export"]));

    const bad = await staffApi(cookie, "/api/audit?action=drop-table");
    expect(bad.status).toBe(400);
  });

  it("shows the page with the member's display name, its filters and the next page's link", async () => {
    const owner = await newMember();
    const subject = await newMember("staff");
    await env.DB.prepare("update users set display_name = ? where id = ?").bind("Dana Whitfield", subject.id).run();
    await seedEntries(subject, 55);
    const cookie = sessionCookie(await apiLogin(owner.username, owner.password));
    const response = await fetchWorker(`/incoming/audit?person=${subject.username}`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    const html = (await response.text()).replaceAll("<!-- -->", "");
    expect(html).toContain(`Dana Whitfield (${subject.username})`);
    expect(html).toContain("55 entries match this filter");
    // The newest entry's record, named and linked for the owner, and its detail in words.
    expect(html).toContain(
      '<a href="/incoming/contact-messages/seeded-54" class="block text-blue-800 underline">Contact message seeded-5</a>',
    );
    expect(html).toMatch(new RegExp(`href="/incoming/audit\\?person=${subject.username}&amp;before=\\d+"`));
  });

  it("is for owners only: a staff member gets 403 on the page and the API", async () => {
    const member = await newMember("staff");
    const cookie = sessionCookie(await apiLogin(member.username, member.password));
    expect((await fetchWorker("/incoming/audit", { headers: { Cookie: cookie } })).status).toBe(403);
    expect((await staffApi(cookie, "/api/audit")).status).toBe(403);
  });

  it("cannot be edited or deleted through the API", async () => {
    const owner = await newMember();
    const cookie = sessionCookie(await apiLogin(owner.username, owner.password));
    for (const method of ["POST", "PATCH", "DELETE", "PUT"]) {
      const response = await staffApi(cookie, "/api/audit", { method, body: "{}" });
      expect(response.status, method).toBe(405);
    }
  });
});

describe("the nightly purge", () => {
  it("removes entries older than 400 days at the job's time, and only those", async () => {
    const now = new Date("2027-03-01T08:00:00Z");
    const day = 24 * 60 * 60 * 1000;
    const name = `purge-${crypto.randomUUID().slice(0, 8)}`;
    const at = (daysAgo: number) => now.getTime() - daysAgo * day;
    for (const time of [at(401), at(400) - 1, at(400) + 1000, at(399), at(1)]) {
      await env.DB.prepare("insert into audit_log (at, actor_name, action) values (?, ?, 'sign-in.failed')")
        .bind(time, name)
        .run();
    }
    await runCron("0 8 * * *", now);
    const left = (await entriesNamed(name)).length;
    expect(left).toBe(3);
  });
});
