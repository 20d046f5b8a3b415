import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCAL_SITE_ORIGIN } from "~/http/site-url.server";
import { fetchWorker, postJson, rateLimiterAllowing } from "../support/http";
import { uniqueEmail, validContact } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { apiLogin, createStaffUser, sessionCookie, staffSessionCookie } from "../support/staff";
import { confirmationsOn, DIGEST, minutes, submitContact, SWEEP } from "./support";

// The sweep that sends what the queue lost, the record's notification state, the morning digest and
// the visitor's confirmation.

describe("the sweep", () => {
  it("enqueues a submission whose message was lost, once it is 5 minutes overdue", async () => {
    const failing: Queue = { ...recordingQueue(), sendBatch: () => Promise.reject(new Error("Queue unavailable")) };
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email: uniqueEmail() },
      { bindings: { NOTIFY_QUEUE: failing } },
    );
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();

    const queue = recordingQueue();
    await runCron(SWEEP, new Date(Date.now() + minutes(4)), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).not.toContainEqual({ type: "notify", form: "contact", id });

    await runCron(SWEEP, new Date(Date.now() + minutes(6)), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toContainEqual({ type: "notify", form: "contact", id });
    // Not again on the next run: it is due again only 5 minutes later.
    const before = queue.bodies.length;
    await runCron(SWEEP, new Date(Date.now() + minutes(7)), { NOTIFY_QUEUE: queue });
    expect(queue.bodies.slice(before)).not.toContainEqual({ type: "notify", form: "contact", id });

    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.filter((sent) => sent.raw.includes(id))).toHaveLength(1);
  });

  it("leaves sent submissions alone", async () => {
    const queue = recordingQueue();
    const id = await submitContact(queue);
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer().binding });
    await runCron(SWEEP, new Date(Date.now() + minutes(60)), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).not.toContainEqual({ type: "notify", form: "contact", id });
  });
});

describe("the record's notification state", () => {
  it("is in the JSON API as notification: { sentAt, attempts, lastError }, without the bookkeeping", async () => {
    await createStaffUser("notify-api", "a long enough password");
    const cookie = sessionCookie(await apiLogin("notify-api", "a long enough password"));
    const queue = recordingQueue();
    const failingId = await submitContact(queue);
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer({ failing: () => true }).binding }, 1);
    const sentId = await submitContact(queue);
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer().binding });

    const records: Record<string, unknown>[] = await (
      await fetchWorker("/api/contact-submissions", { headers: { Cookie: cookie } })
    ).json();
    const failing = records.find((record) => record.id === failingId)!;
    expect(failing.notification).toEqual({
      sentAt: null,
      attempts: 1,
      lastError: "staff@shop.localhost: Mail service unavailable (test)",
    });
    const sent = records.find((record) => record.id === sentId)!;
    expect(sent.notification).toEqual({ sentAt: expect.any(String), attempts: 1, lastError: null });
    // The email ledger's own bookkeeping stays out of the API.
    expect(Object.keys(sent).sort()).toEqual(
      [
        "assignee",
        "email",
        "emailFailing",
        "firstContactAt",
        "firstName",
        "followUpAt",
        "id",
        "lastName",
        "message",
        "notification",
        "phone",
        "possibleSpam",
        "repliedAt",
        "returning",
        "spamReason",
        "status",
        "submittedAt",
      ].sort(),
    );
    const one: Record<string, unknown> = await (
      await fetchWorker(`/api/contact-submissions/${failingId}`, { headers: { Cookie: cookie } })
    ).json();
    expect(one.notification).toEqual(failing.notification);
  });

  it("is on the inbox card and the record's page: the time it was emailed, or that it is failing", async () => {
    const cookie = await staffSessionCookie("notify-card");
    const queue = recordingQueue();
    const failingEmail = uniqueEmail();
    const failingId = await submitContact(queue, { email: failingEmail });
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer({ failing: () => true }).binding }, 1);
    const sentEmail = uniqueEmail();
    const sentId = await submitContact(queue, { email: sentEmail });
    await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer().binding });
    const sentAt = await env.DB.prepare("select notified_at from notification_ledger where submission_id = ?")
      .bind(sentId)
      .first<number>("notified_at");
    const emailedAt = new Intl.DateTimeFormat("en-US", {
      timeZone: "America/New_York",
      hour: "numeric",
      minute: "2-digit",
    }).format(new Date(sentAt!));

    const card = async (email: string) =>
      (await fetchWorker(`/incoming?q=${encodeURIComponent(email)}`, { headers: { Cookie: cookie } })).text();
    expect(await card(sentEmail)).toContain(`Emailed ${emailedAt}`);
    expect(await card(failingEmail)).toContain("Email failing, retrying");

    const page = await (
      await fetchWorker(`/incoming/contact-messages/${failingId}`, { headers: { Cookie: cookie } })
    ).text();
    expect(page).toContain("Email failing, retrying");
    expect(page).toContain("staff@shop.localhost: Mail service unavailable (test)");
  });
});

describe("the morning digest", () => {
  // Monday 2026-07-13: 12:00 UTC is 8:00 AM EDT. Monday 2026-01-12: 13:00 UTC is 8:00 AM EST.
  const summer8am = new Date("2026-07-13T12:00:00Z");
  const summer9am = new Date("2026-07-13T13:00:00Z");
  const winter7am = new Date("2026-01-12T12:00:00Z");
  const winter8am = new Date("2026-01-12T13:00:00Z");
  // Thanksgiving, a closure day.
  const holiday8am = new Date("2026-11-26T13:00:00Z");

  it("runs at 8:00 AM on the shop's clock, summer and winter, on days the shop opens", async () => {
    const queue = recordingQueue();
    for (const time of [summer8am, summer9am, winter7am, winter8am, holiday8am]) {
      await runCron(DIGEST, time, { NOTIFY_QUEUE: queue });
    }
    expect(queue.bodies).toEqual([
      { type: "digest", shopDate: "2026-07-13" },
      { type: "digest", shopDate: "2026-01-12" },
    ]);
  });

  it("sends nothing when no request is overdue, and one list when some are", async () => {
    const mailer = recordingMailer();
    const queue = recordingQueue();
    const shopDate = "2030-03-04";
    queue.bodies.push({ type: "digest", shopDate });
    // No spam waiting to be reported either (this file's other tests kept some aside).
    await env.DB.batch([
      env.DB.prepare("delete from contact_submissions where status = 'spam'"),
      env.DB.prepare("delete from service_requests where status = 'spam'"),
    ]);
    // A request received an hour ago is not overdue yet.
    await submitContact(recordingQueue(), { firstName: "Recent", lastName: "Visitor" });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(0);

    const old = Date.now() - 25 * 3_600_000;
    const insert = (id: string, firstName: string, status: string, spamReason: string | null) =>
      env.DB.prepare(
        "insert into service_requests (id, first_name, last_name, email, phone, service, message, submitted_at, status, spam_reason) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)",
      )
        .bind(id, firstName, "Overdue", "o@example.com", "4105550111", "oil-change", "Oil.", old, status, spamReason)
        .run();
    await insert("overdue-1", "Olga", "new", null);
    // Called back already, or spam: not waiting for anyone.
    await insert("overdue-2", "Carl", "contacted", null);
    await insert("overdue-3", "Sam", "spam", "links");
    queue.bodies.push({ type: "digest", shopDate }, { type: "digest", shopDate });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const { mail } = mailer.sent[0]!;
    expect(mail.header("subject")).toMatch(/^Waiting over 24 hours: \d+ requests?( · \d+ kept as spam)?$/);
    expect(mail.text).toContain("Olga Overdue: Oil Change Service");
    expect(mail.text).toContain(`${LOCAL_SITE_ORIGIN}/incoming/service-requests/overdue-1`);
    expect(mail.text).not.toContain("Recent Visitor");
    expect(mail.text).not.toContain("Carl Overdue");
    expect(mail.text).not.toContain("Sam Overdue");
  });
});

describe("the visitor's confirmation", () => {
  it("is off by default", async () => {
    const queue = recordingQueue();
    await submitContact(queue);
    expect(queue.bodies.map((body) => (body as { type: string }).type)).toEqual(["notify"]);
  });

  it("when on, sends the visitor one fixed-text email, however often it is delivered", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = uniqueEmail();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), firstName: "Jane", email, message: "Visit https://spam.example" },
      { bindings: { NOTIFY_QUEUE: queue, ...confirmationsOn } },
    );
    expect(response.status).toBe(201);
    queue.bodies.push(...queue.bodies.filter((body) => (body as { type: string }).type === "confirm"));
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...confirmationsOn });
    const toVisitor = mailer.sent.filter((sent) => sent.to === email);
    expect(toVisitor).toHaveLength(1);
    expect(toVisitor[0]!.mail.text).toMatch(/^Hi Jane,/);
    expect(toVisitor[0]!.raw).not.toContain("spam.example");
    expect(mailer.sent.filter((sent) => sent.to === "staff@shop.localhost")).toHaveLength(1);
  });

  it("counts against the client's submission limit", async () => {
    const queue = recordingQueue();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email: uniqueEmail() },
      { bindings: { NOTIFY_QUEUE: queue, ...confirmationsOn, SUBMISSION_LIMITER: rateLimiterAllowing(1) } },
    );
    expect(response.status).toBe(201);
    expect(queue.bodies.map((body) => (body as { type: string }).type)).toEqual(["notify"]);
  });
});
