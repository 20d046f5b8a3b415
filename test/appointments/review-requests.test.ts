import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { postStaffForm } from "../support/staff";
import { at, book, call, capacity, cookies, customerEmailsOn, newRequest, setUpAppointments } from "./support";

// The review request after a job (docs/decisions/049), the clock pinned as in ./support.ts: the
// owner's switch and link, and the rules: every customer whose job is done is asked, at most once
// per address (trimmed, lower case) in 12 months, never after a no-show or a cancellation, audited.

beforeAll(async () => {
  await setUpAppointments();
  // Room for every drop-off these tests book today.
  expect((await call("PUT", "/api/settings/capacity", { ...capacity, dropOffsPerDay: 100 })).status).toBe(200);
}, 60_000);

const REVIEW_URL = "https://g.page/r/pikesville-family-auto/review";
const DAY_MS = 24 * 60 * 60 * 1000;
const queue = recordingQueue();
const mailer = recordingMailer();

/** A booked drop-off today for a customer with this address; returns the request and appointment ids. */
async function bookedToday(email: string) {
  const id = await newRequest({ email });
  const response = await book(id, { date: "2026-11-30", kind: "drop-off" });
  expect(response.status).toBe(201);
  return { id, appointmentId: (await response.json<{ id: string }>()).id };
}

const mark = (appointmentId: string, value: string, when = at) =>
  postStaffForm(
    cookies.staff,
    "/incoming/calendar",
    { id: appointmentId, mark: value },
    {
      at: when,
      bindings: { NOTIFY_QUEUE: queue },
    },
  );

async function reviewMailsTo(email: string) {
  await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...customerEmailsOn }, 10, { at });
  return mailer.sent.filter((sent) => sent.to === email && sent.mail.header("subject")?.startsWith("How did we do?"));
}

const reviewRows = async (appointmentId: string) =>
  (await env.DB.prepare("select * from review_requests where appointment_id = ?").bind(appointmentId).all()).results;

const setOptions = (body: object, cookie = cookies.owner) =>
  call("PUT", "/api/settings/appointment-options", body, { cookie });

describe("the owner's review request setting", () => {
  it("is off by default, with no link", async () => {
    const response = await call("GET", "/api/settings/appointment-options");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ confirmOnArrival: false, reviewRequestsOn: false, reviewUrl: null });
  });

  it("asks nobody while it is off", async () => {
    const email = `off-${crypto.randomUUID()}@example.com`;
    const { appointmentId } = await bookedToday(email);
    queue.bodies.length = 0;
    expect((await mark(appointmentId, "done")).status).toBe(302);
    expect(await reviewRows(appointmentId)).toEqual([]);
    expect(await reviewMailsTo(email)).toEqual([]);
  });

  it("refuses to turn on without a link, or with a link that is not https, naming reviewUrl", async () => {
    for (const body of [{ reviewRequestsOn: true }, { reviewRequestsOn: true, reviewUrl: "http://example.com/r" }]) {
      const response = await setOptions(body);
      expect(response.status).toBe(400);
      expect(Object.keys((await response.json<{ fieldErrors: object }>()).fieldErrors)).toEqual(["reviewUrl"]);
    }
    expect(await (await call("GET", "/api/settings/appointment-options")).json()).toMatchObject({
      reviewRequestsOn: false,
    });
  });

  it("is for owners only", async () => {
    expect((await setOptions({ reviewRequestsOn: false }, cookies.staff)).status).toBe(403);
  });

  it("refuses the Settings page's form with 400, keeping what the owner sent", async () => {
    const response = await postStaffForm(
      cookies.owner,
      "/incoming/settings/capacity",
      { intent: "review-requests", reviewRequestsOn: "on", reviewUrl: "http://example.com/review" },
      { at },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Give the review link as a full https:// address");
    expect(html).toContain('value="http://example.com/review"');
    expect(html).toMatch(/<input[^>]*id="reviewRequestsOn"[^>]*checked/);
  });

  it("turns on from the Settings page's form, and is audited", async () => {
    const response = await postStaffForm(
      cookies.owner,
      "/incoming/settings/capacity",
      { intent: "review-requests", reviewRequestsOn: "on", reviewUrl: REVIEW_URL },
      { at },
    );
    expect(response.status).toBe(302);
    expect(await (await call("GET", "/api/settings/appointment-options")).json()).toEqual({
      confirmOnArrival: false,
      reviewRequestsOn: true,
      reviewUrl: REVIEW_URL,
    });
    const entry = await env.DB.prepare(
      "select actor_name, detail from audit_log where action = 'settings.review-requests'",
    ).first<{ actor_name: string; detail: string }>();
    expect(entry?.actor_name).toBe("appt-owner");
    expect(JSON.parse(entry!.detail)).toEqual({ on: true, reviewUrl: REVIEW_URL });
  });
});

describe("asking for a review when a job is done", () => {
  it("emails the customer the shop's review link through the queue, and audits it", async () => {
    const email = `done-${crypto.randomUUID()}@example.com`;
    const { id, appointmentId } = await bookedToday(email);
    await mark(appointmentId, "arrived");
    queue.bodies.length = 0;
    await mark(appointmentId, "done");
    const [sent, ...more] = await reviewMailsTo(email);
    expect(more).toEqual([]);
    expect(sent!.mail.text).toContain(REVIEW_URL);
    expect(sent!.mail.text).toContain("whatever you thought of the visit");
    expect(sent!.mail.attachments).toEqual([]);
    const ledger = await env.DB.prepare(
      "select sent_at, last_error from appointment_messages where appointment_id = ? and purpose = 'review'",
    )
      .bind(appointmentId)
      .all();
    expect(ledger.results).toEqual([{ sent_at: expect.any(Number), last_error: null }]);
    const audit = await env.DB.prepare(
      "select actor_name from audit_log where action = 'appointment.review-request' and target = ?",
    )
      .bind(`service-requests/${id}`)
      .all();
    expect(audit.results).toEqual([{ actor_name: "appt-staff" }]);
  });

  it("asks every customer whose job is done, one email each", async () => {
    const emails = [1, 2, 3].map((n) => `every-${n}-${crypto.randomUUID()}@example.com`);
    const booked = await Promise.all(emails.map(bookedToday));
    for (const { appointmentId } of booked) await mark(appointmentId, "done");
    for (const email of emails) expect(await reviewMailsTo(email)).toHaveLength(1);
  });

  it("asks a customer at most once in 12 months, whatever the case or spaces of their address", async () => {
    const email = `Once-${crypto.randomUUID()}@Example.com`;
    const first = await bookedToday(email);
    await mark(first.appointmentId, "done");
    expect(await reviewMailsTo(email)).toHaveLength(1);
    const again = await bookedToday(`  ${email.toLowerCase()}`);
    await mark(again.appointmentId, "done");
    expect(await reviewRows(again.appointmentId)).toEqual([]);
    expect(await reviewMailsTo(email.toLowerCase())).toEqual([]);
    const audits = await env.DB.prepare(
      "select count(*) as n from audit_log where action = 'appointment.review-request' and target = ?",
    )
      .bind(`service-requests/${again.id}`)
      .first<{ n: number }>();
    expect(audits?.n).toBe(0);
  });

  it("asks again once 12 months have passed since the last request, not a day before", async () => {
    const email = `year-${crypto.randomUUID()}@example.com`;
    const remember = (daysAgo: number) =>
      env.DB.prepare("insert into review_requests (appointment_id, email_key, requested_at) values (?, ?, ?)")
        .bind(crypto.randomUUID(), email, at.getTime() - daysAgo * DAY_MS)
        .run();
    await remember(364);
    const within = await bookedToday(email);
    await mark(within.appointmentId, "done");
    expect(await reviewRows(within.appointmentId)).toEqual([]);
    await env.DB.prepare("delete from review_requests where email_key = ?").bind(email).run();
    await remember(366);
    const after = await bookedToday(email);
    await mark(after.appointmentId, "done");
    expect(await reviewRows(after.appointmentId)).toHaveLength(1);
    expect(await reviewMailsTo(email)).toHaveLength(1);
  });

  it("never asks after a no-show: the appointment cannot be marked done", async () => {
    const email = `no-show-${crypto.randomUUID()}@example.com`;
    const { appointmentId } = await bookedToday(email);
    await mark(appointmentId, "no-show");
    await mark(appointmentId, "done");
    const row = await env.DB.prepare("select status from appointments where id = ?").bind(appointmentId).first();
    expect(row).toEqual({ status: "no-show" });
    expect(await reviewRows(appointmentId)).toEqual([]);
    expect(await reviewMailsTo(email)).toEqual([]);
  });

  it("never asks after a cancellation", async () => {
    const email = `cancelled-${crypto.randomUUID()}@example.com`;
    const { id, appointmentId } = await bookedToday(email);
    await postStaffForm(cookies.staff, `/incoming/service-requests/${id}/appointment`, { intent: "cancel" }, { at });
    await mark(appointmentId, "done");
    expect(await reviewRows(appointmentId)).toEqual([]);
    expect(await reviewMailsTo(email)).toEqual([]);
  });

  it("does not send a request queued before the owner turned review requests off", async () => {
    const email = `late-${crypto.randomUUID()}@example.com`;
    const { appointmentId } = await bookedToday(email);
    await mark(appointmentId, "done");
    expect((await setOptions({ reviewRequestsOn: false })).status).toBe(200);
    expect(await reviewMailsTo(email)).toEqual([]);
    const ledger = await env.DB.prepare(
      "select last_error from appointment_messages where appointment_id = ? and purpose = 'review'",
    )
      .bind(appointmentId)
      .first();
    expect(ledger).toEqual({ last_error: "not sent: review requests were turned off" });
    expect((await setOptions({ reviewRequestsOn: true })).status).toBe(200);
  });
});
