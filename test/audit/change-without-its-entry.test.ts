import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// An audit entry is written in the same D1 batch as the change it records: when the entry cannot
// be stored, the change is not stored either. The Worker gets a D1 whose inserts into audit_log
// fail (they name a table that does not exist), as a full disk or a broken migration would.

function dbWithFailingAudit(db: D1Database): D1Database {
  return new Proxy(db, {
    get(target, property) {
      if (property === "prepare") {
        return (query: string) => target.prepare(query.replace(/into "?audit_log"?/gi, 'into "audit_log_unwritable"'));
      }
      const value: unknown = Reflect.get(target, property);
      return typeof value === "function" ? (value.bind(target) as unknown) : value;
    },
  });
}

const failingAudit = { bindings: { DB: dbWithFailingAudit(env.DB) } };

let cookie = "";
const owner = `batch-owner-${crypto.randomUUID().slice(0, 6)}`;

/** A staff API call through the Worker whose audit inserts fail. */
function callWithFailingAudit(path: string, method: string, body: unknown) {
  const headers = { Cookie: cookie, "Content-Type": "application/json" };
  return fetchWorker(path, { method, headers, body: JSON.stringify(body) }, failingAudit);
}

const auditEntriesFor = async (target: string) =>
  (await env.DB.prepare("select count(*) as n from audit_log where target = ?").bind(target).first<{ n: number }>())?.n;

beforeAll(async () => {
  const password = `${owner} has a long password`;
  await createStaffUser(owner, password, "owner");
  cookie = sessionCookie(await apiLogin(owner, password));
});

describe("a change whose audit entry cannot be stored is not stored", () => {
  it("a record's status change", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const response = await callWithFailingAudit(`/api/contact-submissions/${id}`, "PATCH", { status: "contacted" });
    expect(response.status).toBe(500);
    const row = await env.DB.prepare("select status from contact_submissions where id = ?").bind(id).first();
    expect(row).toEqual({ status: "new" });
    const history = await env.DB.prepare("select count(*) as n from submission_status_changes where submission_id = ?")
      .bind(id)
      .first();
    expect(history).toEqual({ n: 0 });
    expect(await auditEntriesFor(`contact-messages/${id}`)).toBe(0);
  });

  it("a call logged on the desk", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [{}]);
    const response = await callWithFailingAudit(`/api/service-requests/${id}/activity`, "POST", {
      type: "call",
      outcome: "reached",
    });
    expect(response.status).toBe(500);
    const activity = await env.DB.prepare("select count(*) as n from submission_activity where submission_id = ?")
      .bind(id)
      .first();
    expect(activity).toEqual({ n: 0 });
    const row = await env.DB.prepare("select status, first_contact_at from service_requests where id = ?")
      .bind(id)
      .first();
    expect(row).toEqual({ status: "new", first_contact_at: null });
  });

  it("a closure day in the settings", async () => {
    const closure = { date: "2027-02-17", reason: "Closed for a burst pipe" };
    const response = await callWithFailingAudit("/api/settings/closures", "POST", closure);
    expect(response.status).toBe(500);
    const stored = await env.DB.prepare("select count(*) as n from shop_closures where date = ?")
      .bind(closure.date)
      .first();
    expect(stored).toEqual({ n: 0 });
  });

  it("the shop's mail settings", async () => {
    const settings = { recipients: ["desk@example.com"], confirmVisitor: true, senderName: "Desk" };
    const response = await callWithFailingAudit("/api/settings/emails", "PUT", settings);
    expect(response.status).toBe(500);
    const stored = await env.DB.prepare("select count(*) as n from shop_mail_settings").first();
    expect(stored).toEqual({ n: 0 });
  });

  it("a reply template added and one changed", async () => {
    const template = { name: "Never stored", subject: "Hello", body: "Hi {firstName}" };
    expect((await callWithFailingAudit("/api/settings/reply-templates", "POST", template)).status).toBe(500);
    const stored = await env.DB.prepare("select count(*) as n from reply_templates where name = ?")
      .bind(template.name)
      .first();
    expect(stored).toEqual({ n: 0 });
    const first = await env.DB.prepare("select id, body from reply_templates order by id limit 1").first<{
      id: number;
      body: string;
    }>();
    const changed = await callWithFailingAudit(`/api/settings/reply-templates/${first!.id}`, "PUT", template);
    expect(changed.status).toBe(500);
    const kept = await env.DB.prepare("select body from reply_templates where id = ?").bind(first!.id).first();
    expect(kept).toEqual({ body: first!.body });
  });

  it("a member's new role", async () => {
    const member = `batch-member-${crypto.randomUUID().slice(0, 6)}`;
    await createStaffUser(member, `${member} has a long password`, "staff");
    const response = await callWithFailingAudit(`/api/team/${member}`, "PATCH", { role: "owner" });
    expect(response.status).toBe(500);
    const row = await env.DB.prepare("select role from users where username = ?").bind(member).first();
    expect(row).toEqual({ role: "staff" });
    expect(await auditEntriesFor(member)).toBe(0);
  });

  it("and the same change goes through, with its entry, when the log can be written", async () => {
    const member = `batch-kept-${crypto.randomUUID().slice(0, 6)}`;
    await createStaffUser(member, `${member} has a long password`, "staff");
    const headers = { Cookie: cookie, "Content-Type": "application/json" };
    const response = await fetchWorker(`/api/team/${member}`, {
      method: "PATCH",
      headers,
      body: JSON.stringify({ role: "owner" }),
    });
    expect(response.status).toBe(200);
    expect(await auditEntriesFor(member)).toBe(1);
  });
});
