import { createExecutionContext, env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { LOCAL_SITE_ORIGIN } from "~/http/site-url.server";
import worker from "../../workers/app";
import { fetchWorker, formSubmissionId, ORIGIN, postForm, postJson } from "../support/http";
import { uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { deliverQueued, onlyMailFromShop, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { minutes, notificationRow, submitContact, SWEEP, twoRecipients } from "./support";

describe("the shop's email for each submission", () => {
  it("sends exactly one message for a contact message, with the visitor as Reply-To", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const email = uniqueEmail();
    const id = await submitContact(queue, { firstName: "Jane", lastName: "Doe", email });
    expect(queue.bodies).toEqual([{ type: "notify", form: "contact", id }]);

    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = onlyMailFromShop(mailer, "staff@shop.localhost");
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

  it.each([
    ["a name", { firstName: "Eve\r\nBcc: victim@example.net" }],
    ["an email address", { email: "visitor@example.com\r\nBcc: victim@example.net" }],
  ])("refuses %s with a line break before anything is stored or queued", async (_, injected) => {
    const queue = recordingQueue();
    const response = await postJson(
      "/api/contact",
      { ...validContact(), ...injected },
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
    const mail = onlyMailFromShop(mailer, "staff@shop.localhost");
    expect(mail.headers.map(([name]) => name).sort()).toEqual(
      ["content-type", "date", "from", "message-id", "mime-version", "reply-to", "subject", "to"].sort(),
    );
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
