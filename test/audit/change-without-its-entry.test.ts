import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { keepChallenge } from "~/features/second-factor/server/webauthn-challenges.server";
import { parseEnv } from "~/http/env.server";
import { fetchWorker, ORIGIN } from "../support/http";
import { d1Sessions } from "../support/d1";
import { insertInboxRecords } from "../support/inbox";
import { apiLogin, createStaffUser, postStaffForm, sessionCookie } from "../support/staff";
import {
  at as appointmentsAt,
  book,
  cookies as appointmentCookies,
  newRequest,
  setUpAppointments,
} from "../appointments/support";
import recorded from "../second-factor/chromium-passkey.json";

// An audit entry is written in the same D1 batch as the change it records: when the entry cannot
// be stored, the change is not stored either. The Worker gets a D1 whose inserts into audit_log
// fail (they name a table that does not exist), as a full disk or a broken migration would.

function dbWithFailingInserts(table: string): D1Database {
  const into = new RegExp(`into "?${table}"?`, "gi");
  return d1Sessions((session) => ({
    prepare: (query) => session.prepare(query.replace(into, `into "${table}_unwritable"`)),
  }));
}

const failingAudit = { bindings: { DB: dbWithFailingInserts("audit_log") } };

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

  it("the estimate settings", async () => {
    const settings = { labourRate: 12_000, tax: { rateBasisPoints: 600, appliesTo: ["part"] }, terms: "Net 30." };
    const response = await callWithFailingAudit("/api/settings/estimates", "PUT", settings);
    expect(response.status).toBe(500);
    const stored = await env.DB.prepare("select count(*) as n from estimate_settings").first();
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

// The writes that once stored their entry in a statement of its own, after the change (issue 36):
// a door mark, a step-up check, a passkey sign-in, and a calendar feed revoked.
describe("a change and its entry are one batch, also", () => {
  beforeAll(async () => {
    await setUpAppointments();
  }, 60_000);

  it("for a mark at the door: not marked when its entry cannot be stored", async () => {
    const id = await newRequest();
    const booked = await book(id, { date: "2026-11-30", kind: "drop-off" });
    expect(booked.status).toBe(201);
    const { id: appointmentId } = await booked.json<{ id: string }>();
    for (const mark of ["arrived", "done"]) {
      const response = await postStaffForm(
        appointmentCookies.staff,
        "/incoming/calendar",
        { id: appointmentId, mark },
        { at: appointmentsAt, ...failingAudit },
      );
      expect(response.status, mark).toBe(500);
      const row = await env.DB.prepare("select status from appointments where id = ?").bind(appointmentId).first();
      expect(row, mark).toEqual({ status: "confirmed" });
    }
    const marked = await postStaffForm(
      appointmentCookies.staff,
      "/incoming/calendar",
      { id: appointmentId, mark: "arrived" },
      { at: appointmentsAt },
    );
    expect(marked.status).toBe(302);
    const entries = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'appointment.mark' and target = ?",
    )
      .bind(`service-requests/${id}`)
      .first();
    expect(entries).toEqual({ n: 1 });
  });

  it("for a step-up check: the session is not counted as checked when its entry cannot be stored", async () => {
    const member = `batch-check-${crypto.randomUUID().slice(0, 6)}`;
    const password = `${member} has a long password`;
    const signedInAt = new Date();
    await createStaffUser(member, password, "owner");
    const session = sessionCookie(await apiLogin(member, password, { at: signedInAt }));
    const later = new Date(signedInAt.getTime() + 3 * 60 * 60_000);
    const check = (options: { bindings?: Partial<Env> } = {}) =>
      fetchWorker(
        "/api/account/check",
        {
          method: "POST",
          headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ password }),
        },
        { at: later, ...options },
      );
    const changeName = () =>
      fetchWorker(
        "/api/account",
        {
          method: "PATCH",
          headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ displayName: "Checked" }),
        },
        { at: later },
      );
    expect((await check(failingAudit)).status).toBe(500);
    // Still stale: the check was not kept.
    expect((await changeName()).status).toBe(403);
    expect((await check()).status).toBe(200);
    expect((await changeName()).status).toBe(200);
  });

  it("for a passkey sign-in: no entry saying it passed when the session could not be opened", async () => {
    await createStaffUser("passkey-recorder", "passkey recorder password, long enough", "owner", recorded.userId);
    const memberSession = sessionCookie(await apiLogin("passkey-recorder", "passkey recorder password, long enough"));
    const site = recorded.origin;
    const challengeCookie = async (purpose: "register" | "sign-in", challenge: string, userId: string | null) =>
      (await keepChallenge(parseEnv(env), { challenge, purpose, userId, now: new Date() })).split(";")[0]!;
    const post = (path: string, body: unknown, cookie: string, bindings: Partial<Env> = {}) =>
      fetchWorker(
        path,
        {
          method: "POST",
          headers: { "Content-Type": "application/json", Origin: site, Cookie: cookie },
          body: JSON.stringify(body),
        },
        // wrangler.toml leaves SITE_URL empty, so its generated type allows only "".
        { bindings: { SITE_URL: site, ...bindings } as Partial<Cloudflare.Env> },
      );
    const registration = await post(
      "/api/account/passkeys",
      { name: "Recorded in Chromium", credential: recorded.registration.response },
      `${memberSession}; ${await challengeCookie("register", recorded.registration.challenge, recorded.userId)}`,
    );
    expect(registration.status).toBe(201);

    const [signIn] = recorded.signIns;
    const passed = () =>
      env.DB.prepare("select count(*) as n from audit_log where action = 'second-factor.passed' and actor_id = ?")
        .bind(recorded.userId)
        .first<{ n: number }>();
    const sessionsBefore = await env.DB.prepare("select count(*) as n from staff_sessions where user_id = ?")
      .bind(recorded.userId)
      .first<{ n: number }>();
    const refused = await post(
      "/api/login/passkey",
      { credential: signIn!.response },
      await challengeCookie("sign-in", signIn!.challenge, null),
      { DB: dbWithFailingInserts("staff_sessions") },
    );
    expect(refused.status).toBe(500);
    expect(refused.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(false);
    expect(
      await env.DB.prepare("select count(*) as n from staff_sessions where user_id = ?")
        .bind(recorded.userId)
        .first<{ n: number }>(),
    ).toEqual(sessionsBefore);
    expect(await passed()).toEqual({ n: 0 });
  });

  it("for a calendar feed revoked: kept when its entry cannot be stored, and no entry when there was none", async () => {
    const member = `batch-feed-${crypto.randomUUID().slice(0, 6)}`;
    const password = `${member} has a long password`;
    const memberId = await createStaffUser(member, password, "staff");
    const session = sessionCookie(await apiLogin(member, password, { at: appointmentsAt }));
    const feed = (intent: string, options: { bindings?: Partial<Env> } = {}) =>
      postStaffForm(session, "/incoming/account/calendar-feed", { intent }, { at: appointmentsAt, ...options });
    const revokedEntries = () =>
      env.DB.prepare(
        "select count(*) as n from audit_log where action = 'account.calendar-feed' and actor_id = ? and detail like '%revoked%'",
      )
        .bind(memberId)
        .first<{ n: number }>();

    // None to revoke: nothing happened, so nothing is written.
    expect((await feed("revoke")).status).toBe(302);
    expect(await revokedEntries()).toEqual({ n: 0 });

    expect((await feed("make")).status).toBe(200);
    expect((await feed("revoke", failingAudit)).status).toBe(500);
    const kept = await env.DB.prepare("select count(*) as n from calendar_feeds where user_id = ?")
      .bind(memberId)
      .first();
    expect(kept).toEqual({ n: 1 });
    expect(await revokedEntries()).toEqual({ n: 0 });

    expect((await feed("revoke")).status).toBe(302);
    expect(await revokedEntries()).toEqual({ n: 1 });
  });
});
