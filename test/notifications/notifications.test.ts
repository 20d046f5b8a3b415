import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCAL_SITE_ORIGIN } from "~/http/site-url.server";
import worker from "../../workers/app";
import { fetchWorker, formSubmissionId, ORIGIN, postForm, postJson, rateLimiterAllowing } from "../support/http";
import { uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { apiLogin, createStaffUser, sessionCookie, staffSessionCookie } from "../support/staff";

const SWEEP = "*/5 * * * *";
const DIGEST = "0 12,13 * * *";
const minutes = (n: number) => n * 60_000;

// Vars as wrangler.toml does not set them (its generated types know only its own values).
const vars = (values: Record<string, string>): Partial<Env> => Object.assign({}, values);
const twoRecipients = vars({ NOTIFY_TO: "owner@shop.localhost, desk@shop.localhost" });
const confirmationsOn = vars({ CONFIRM_VISITOR: "true" });

type NotificationRow = {
  id: string;
  notified_at: number | null;
  notify_attempts: number;
  notify_last_error: string | null;
  notify_sent_to: string;
};

const kindOfTable = { contact_submissions: "contact", service_requests: "serviceRequest" } as const;

/** The record's entry in the email ledger, under the names the columns had on the record's row. */
async function notificationRow(table: "contact_submissions" | "service_requests", id: string) {
  const row = await env.DB.prepare(
    `select submission_id as id, notified_at, attempts as notify_attempts, last_error as notify_last_error,
       sent_to as notify_sent_to
     from notification_ledger where submission_kind = ? and submission_id = ?`,
  )
    .bind(kindOfTable[table], id)
    .first<NotificationRow>();
  if (!row) throw new Error(`No ledger entry for ${id} of ${table}`);
  return row;
}

/** Submits through the JSON API with the queue replaced; returns the stored id. */
async function submitContact(queue: ReturnType<typeof recordingQueue>, fields: Record<string, string> = {}) {
  const response = await postJson(
    "/api/contact",
    { ...validContact(), email: uniqueEmail(), ...fields },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  expect(response.status).toBe(201);
  return (await response.json<{ id: string }>()).id;
}

describe("the shop's email for each submission", () => {
  it("sends exactly one message for a contact message, with the visitor as Reply-To", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = uniqueEmail();
    const id = await submitContact(queue, { firstName: "Jane", lastName: "Doe", email });
    expect(queue.bodies).toEqual([{ type: "notify", form: "contact", id }]);

    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const [{ from, to, mail }] = mailer.sent as [(typeof mailer.sent)[number]];
    expect({ from, to }).toEqual({ from: "notifications@shop.localhost", to: "staff@shop.localhost" });
    expect(mail.header("from")).toBe("Pikesville Family Auto Repair <notifications@shop.localhost>");
    expect(mail.header("to")).toBe("<staff@shop.localhost>");
    expect(mail.header("reply-to")).toBe(`Jane Doe <${email}>`);
    expect(mail.header("subject")).toBe("Contact message — Jane Doe");
    expect(mail.header("message-id")).toBe(`<contact-messages.${id}@shop.localhost>`);
    expect(mail.header("date")).toMatch(/^\w{3}, \d{2} \w{3} \d{4} \d{2}:\d{2}:\d{2} \+0000$/);
    expect(mail.text).toContain(validContact().message);
    expect(mail.text).toContain(`${LOCAL_SITE_ORIGIN}/incoming/contact-messages/${id}`);
    expect(mail.text).toContain("tel:4105550147");

    const row = await notificationRow("contact_submissions", id);
    expect(row).toMatchObject({ notify_attempts: 1, notify_last_error: null });
    expect(row.notified_at).toBeGreaterThan(Date.now() - minutes(1));
  });

  it("sends one message for a service request posted from the page without JavaScript", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const submissionId = formSubmissionId(await (await fetchWorker("/")).text());
    const response = await postForm(
      "/?index",
      { ...validServiceRequest(), firstName: "Jane", lastName: "Doe", submissionId },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(302);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((sent) => sent.mail.header("subject"))).toEqual([
      "Service request: Brake Repair & Service — Jane Doe",
    ]);
    expect(mailer.sent[0]!.mail.html).toContain(
      `href="${LOCAL_SITE_ORIGIN}/incoming/service-requests/${submissionId}"`,
    );
  });

  it("sends to every configured recipient, once each", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    await submitContact(queue);
    await deliverQueued(queue, {
      NOTIFY_EMAIL: mailer.binding,
      ...twoRecipients,
    });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["owner@shop.localhost", "desk@shop.localhost"]);
    expect(new Set(mailer.sent.map((sent) => sent.raw)).size).toBe(1);
    expect(mailer.sent[0]!.mail.header("to")).toBe("<owner@shop.localhost>, <desk@shop.localhost>");
  });

  it("delivers once when the mail service fails twice first, retrying with a growing delay", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer({ failing: (call) => call <= 2 });
    const id = await submitContact(queue);
    const bindings = { NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue };

    const queued = [...queue.bodies];
    const first = await deliverQueued(queue, bindings, 1);
    expect(first.retryDelays).toEqual([[10]]);
    // Staff see that it is failing, and why.
    expect(await notificationRow("contact_submissions", id)).toMatchObject({
      notified_at: null,
      notify_attempts: 1,
      notify_last_error: "staff@shop.localhost: Mail service unavailable (test)",
    });

    queue.bodies.push(...queued);
    const rest = await deliverQueued(queue, bindings);
    expect(mailer.calls()).toBe(3);
    expect(mailer.sent).toHaveLength(1);
    expect(rest.undelivered).toBe(0);
    const row = await notificationRow("contact_submissions", id);
    expect(row).toMatchObject({ notify_attempts: 3, notify_last_error: null });
    expect(row.notified_at).not.toBeNull();
  });

  it("doubles the delay after each failure, up to 15 minutes", async () => {
    const queue = recordingQueue();
    await submitContact(queue);
    const { retryDelays, undelivered } = await deliverQueued(
      queue,
      { NOTIFY_EMAIL: recordingMailer({ failing: () => true }).binding },
      8,
    );
    expect(retryDelays.flat()).toEqual([10, 20, 40, 80, 160, 320, 640, 900]);
    expect(undelivered).toBe(1);
  });

  it("retries only the recipient that failed", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer({ failing: (call) => call === 2 });
    await submitContact(queue);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, ...twoRecipients });
    expect(mailer.calls()).toBe(3);
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["owner@shop.localhost", "desk@shop.localhost"]);
  });

  it("emails a submission once however often it is resubmitted or its message delivered", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const submissionId = crypto.randomUUID();
    const body = { ...validContact(), email: uniqueEmail(), submissionId };
    for (let i = 0; i < 3; i++) {
      expect((await postJson("/api/contact", body, { bindings: { NOTIFY_QUEUE: queue } })).status).toBe(201);
    }
    expect(queue.bodies).toHaveLength(1);
    // The queue delivers at least once: the same job twice in one batch, then again later.
    queue.bodies.push(queue.bodies[0], queue.bodies[0]);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    queue.bodies.push({ type: "notify", form: "contact", id: submissionId });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
  });

  it("sends nothing for spam, and the sweep leaves it alone", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email: uniqueEmail(), leave_blank: "https://spam.example" },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(201);
    const { id } = await response.json<{ id: string }>();
    expect(await env.DB.prepare("select status from contact_submissions where id = ?").bind(id).first("status")).toBe(
      "spam",
    );
    expect(queue.bodies).toEqual([]);
    // Not even a job naming it sends anything, nor does the sweep pick it up.
    queue.bodies.push({ type: "notify", form: "contact", id });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    await runCron(SWEEP, new Date(Date.now() + minutes(60)), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).not.toContainEqual({ type: "notify", form: "contact", id });
    expect(mailer.sent).toHaveLength(0);
  });

  it("sends a record staff take out of spam, through the sweep", async () => {
    const response = await postJson("/api/contact", {
      ...validContact(),
      email: uniqueEmail(),
      leave_blank: "https://spam.example",
    });
    const { id } = await response.json<{ id: string }>();
    await env.DB.prepare("update contact_submissions set status = 'new', spam_reason = null where id = ?")
      .bind(id)
      .run();
    const queue = recordingQueue();
    const mailer = recordingMailer();
    await runCron(SWEEP, new Date(Date.now() + minutes(6)), { NOTIFY_QUEUE: queue });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.filter((sent) => sent.raw.includes(id))).toHaveLength(1);
  });

  it("refuses a name with a line break before anything is stored or queued", async () => {
    const queue = recordingQueue();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), firstName: "Eve\r\nBcc: victim@example.net" },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(400);
    expect(queue.bodies).toEqual([]);
  });

  it("keeps header syntax in a name inside the display name", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = uniqueEmail();
    await submitContact(queue, {
      firstName: 'Eve <victim@example.net>, "Mallory"',
      lastName: "=?utf-8?B?QmNjOiB4QHk=?= Bcc: x@y.net; <h1>b</h1>",
      email,
    });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const { mail, to } = mailer.sent[0]!;
    expect(to).toBe("staff@shop.localhost");
    expect(mail.headers.map(([name]) => name).sort()).toEqual(
      ["content-type", "date", "from", "message-id", "mime-version", "reply-to", "subject", "to"].sort(),
    );
    expect(mail.header("to")).toBe("<staff@shop.localhost>");
    expect(mail.header("reply-to")).toMatch(new RegExp(`<${email.replace(/[.+]/g, "\\$&")}>$`));
    expect(mail.html).toContain("&lt;h1&gt;b&lt;/h1&gt;");
    expect(mail.html).not.toContain("<h1>b</h1>");
  });

  it("writes a valid message for a stored name that holds line breaks (stored before the forms refused them)", async () => {
    const id = crypto.randomUUID();
    await env.DB.prepare(
      "insert into notification_ledger (submission_kind, submission_id, due_at) values ('contact', ?, ?)",
    )
      .bind(id, Date.now())
      .run();
    await env.DB.prepare(
      "insert into contact_submissions (id, first_name, last_name, email, phone, message) values (?, ?, ?, ?, ?, ?)",
    )
      .bind(id, "Eve\r\nBcc: victim@example.net", "Doe\nSubject: You won", uniqueEmail(), "4105550100", "Hi")
      .run();
    const queue = recordingQueue();
    const mailer = recordingMailer();
    queue.bodies.push({ type: "notify", form: "contact", id });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const { mail } = mailer.sent[0]!;
    expect(mail.headers.map(([name]) => name)).not.toContain("bcc");
    expect(mail.header("subject")).toBe("Contact message — Eve Bcc: victim@example.net Doe Subject: You won");
  });

  it("refuses an email address with a line break before anything is stored", async () => {
    const queue = recordingQueue();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), email: "visitor@example.com\r\nBcc: victim@example.net" },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(400);
    expect(queue.bodies).toEqual([]);
  });

  it("answers the visitor before the queue has taken the message", async () => {
    let release: () => void = () => {};
    const stalled: Queue = {
      ...recordingQueue(),
      sendBatch: () =>
        new Promise(
          (resolve) => (release = () => resolve({ metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } })),
        ),
    };
    const ctx = createExecutionContext();
    const request = new Request(`${ORIGIN}/api/contact`, {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": "2001:db8:ffff::1" },
      body: JSON.stringify({ ...validContact(), email: uniqueEmail() }),
    }) as Request<unknown, IncomingRequestCfProperties>;
    const response = await worker.fetch(request, { ...env, NOTIFY_QUEUE: stalled }, ctx);
    expect(response.status).toBe(201);
    release();
  });
});

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
        "firstContactAt",
        "firstName",
        "followUpAt",
        "id",
        "lastName",
        "message",
        "notification",
        "phone",
        "possibleSpam",
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
