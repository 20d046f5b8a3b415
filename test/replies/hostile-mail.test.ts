import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { SWEEP_GRACE_MS } from "~/mail/send-claim.server";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { answer, conversationStarted, cookie, deliver, read, signInStaff } from "./support";

// What a hostile probe did with the email() handler (issue 37): a record's id as a forged
// In-Reply-To, a stranger's words on a record, thirty messages in a row, the shop's own notice
// coming back, a person's mail taken for automatic, and bounces that are not RFC 3464.

// The first request compiles the routes: slow on a busy machine.
beforeAll(signInStaff, 60_000);

const NOTICE_INTERVAL_MS = 15 * 60_000;
const SHOP = "notifications@shop.localhost";
const unknownRecipient = "Unknown recipient: this address does not belong to a conversation with the shop.";

const page = async (id: string) =>
  (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookie } })).text();

const waiting = async (id: string) =>
  (
    await (
      await fetchWorker("/api/service-requests?replied=1&limit=200", { headers: { Cookie: cookie } })
    ).json<{ id: string }[]>()
  ).some((record) => record.id === id);

describe("threading by headers", () => {
  it("refuses a message whose only claim is In-Reply-To the record's confirmation id, made from its public id", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [{ email: "customer@example.com" }]);
    const path = `/api/service-requests/${id}`;
    for (const header of [
      `In-Reply-To: <confirmation.service-requests.${id}@shop.localhost>\n`,
      `References: <confirmation.service-requests.${id}@shop.localhost>\n`,
    ]) {
      const raw = answer({ to: SHOP, headers: header, body: "Please cancel everything." });
      expect(await deliver(raw, { from: "mallory@example.net", to: SHOP })).toBe(unknownRecipient);
    }
    expect((await read(path)).messages).toEqual([]);
    expect(await waiting(id!)).toBe(false);
  });

  it("marks a message from another address than the customer's as someone else's, in the JSON and on the page", async () => {
    const { id, path, address, messageId } = await conversationStarted();
    await deliver(answer({ to: address, body: "From the customer." }), { to: address });
    const stranger = answer({ to: SHOP, headers: `In-Reply-To: <${messageId}>\n`, body: "From a colleague." }).replace(
      "From: Casey Customer <customer@example.com>",
      "From: Someone Else <someone@example.net>",
    );
    expect(await deliver(stranger, { from: "someone@example.net", to: SHOP })).toBeNull();
    const incoming = (await read(path)).messages.filter((message) => message.direction === "in");
    expect(incoming.map((message) => [message.from, message.fromCustomer])).toEqual([
      ["customer@example.com", true],
      ["someone@example.net", false],
    ]);
    const html = await page(id);
    expect(html).toContain("Customer replied");
    expect(html).toContain("Not from the customer&#x27;s address");
  });
});

describe("staff's notices of answers", () => {
  it("sums up thirty messages in a row from one sender in one notice, not thirty", async () => {
    const { id, address } = await conversationStarted();
    const queue = recordingQueue();
    for (let index = 1; index <= 30; index++) {
      await deliver(answer({ to: address, body: `Message ${index}` }), { to: address, queue });
    }
    expect((await read(`/api/service-requests/${id}`)).messages).toHaveLength(31);
    expect(queue.bodies).toHaveLength(1);
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const notices = mailer.sent.filter((sent) => sent.mail.text.includes(id));
    expect(notices).toHaveLength(1);
    expect(notices[0]!.mail.header("subject")).toBe("Customer replied — Pat Example: Re: Your brakes (+29 more)");
    expect(notices[0]!.mail.text).toContain("29 more messages from customer@example.com came in after this one");

    // Nothing left for the sweep: each of the thirty was told of.
    const later = recordingQueue();
    await runCron("*/5 * * * *", new Date(Date.now() + NOTICE_INTERVAL_MS + 2 * SWEEP_GRACE_MS), {
      NOTIFY_QUEUE: later,
    });
    const again = recordingMailer();
    await deliverQueued(later, { NOTIFY_EMAIL: again.binding });
    expect(again.sent.filter((sent) => sent.mail.text.includes(id))).toEqual([]);
  });

  it("after a notice went out, holds the sender's next messages for one summary at the end of the interval", async () => {
    const { id, address } = await conversationStarted();
    const first = recordingQueue();
    await deliver(answer({ to: address, body: "First" }), { to: address, queue: first });
    const mailer = recordingMailer();
    await deliverQueued(first, { NOTIFY_EMAIL: mailer.binding });

    const queue = recordingQueue();
    for (let index = 2; index <= 6; index++) {
      await deliver(answer({ to: address, body: `Message ${index}` }), { to: address, queue });
    }
    expect(queue.bodies).toEqual([]);
    // Another sender on the same record is told of at once.
    const other = answer({ to: address, body: "From the spouse." }).replace(
      "From: Casey Customer <customer@example.com>",
      "From: Jo Customer <jo@example.com>",
    );
    await deliver(other, { from: "jo@example.com", to: address, queue });
    expect(queue.bodies).toHaveLength(1);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });

    // Before the interval is over, the sweep leaves them; after it, one summary goes.
    await runCron("*/5 * * * *", new Date(Date.now() + 2 * SWEEP_GRACE_MS), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toEqual([]);
    await runCron("*/5 * * * *", new Date(Date.now() + NOTICE_INTERVAL_MS + 2 * SWEEP_GRACE_MS), {
      NOTIFY_QUEUE: queue,
    });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const notices = mailer.sent.filter((sent) => sent.mail.text.includes(id)).map((sent) => sent.mail);
    expect(notices.map((notice) => notice.header("subject"))).toEqual([
      "Customer replied — Pat Example: Re: Your brakes",
      "Not from the customer (jo@example.com) — Pat Example: Re: Your brakes",
      "Customer replied — Pat Example: Re: Your brakes (+4 more)",
    ]);
    expect(notices[1]!.text).toContain(
      "Someone other than the customer (jo@example.com) wrote on Pat Example's record",
    );
    expect(notices[2]!.text).toContain("Message 2");
  });
});

describe("the shop's own mail", () => {
  it("never comes back as an answer: a notice sent to the record's reply address is dropped, and no notice loops", async () => {
    const { id, path, address } = await conversationStarted();
    // Saved before the Emails page refused the shop's own addresses.
    await env.DB.prepare(
      "insert into shop_mail_settings (id, recipients, confirm_visitor, sender_name, updated_at, updated_by) values (1, ?, 0, 'The shop', 0, null) on conflict (id) do update set recipients = excluded.recipients",
    )
      .bind(JSON.stringify([address]))
      .run();
    try {
      const queue = recordingQueue();
      await deliver(answer({ to: address }), { to: address, queue });
      const mailer = recordingMailer();
      await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
      const [notice] = mailer.sent;
      expect(notice?.to).toBe(address);
      expect(notice?.mail.header("auto-submitted")).toBe("auto-generated");

      // The notice arrives at the reply address, as Email Routing would hand it to the Worker.
      const back = recordingQueue();
      expect(await deliver(notice!.raw, { from: SHOP, to: address, queue: back })).toBeNull();
      // Rewritten on its way (a forwarder's From and Message-ID): still not a person's answer.
      const forwarded = notice!.raw
        .replace(/^From: .*$/m, "From: forwarder@example.org")
        .replace(/^Message-ID: .*$/m, "Message-ID: <fwd-1@example.org>");
      await deliver(forwarded, { from: "forwarder@example.org", to: address, queue: back });
      expect(back.bodies).toEqual([]);
      const incoming = (await read(path)).messages.filter((message) => message.direction === "in");
      expect(incoming.map((message) => [message.from, message.automatic])).toEqual([
        ["customer@example.com", false],
        ["forwarder@example.org", true],
      ]);
      expect(await page(id)).toContain("Automatic reply");
    } finally {
      await env.DB.prepare("delete from shop_mail_settings").run();
    }
  });
});

describe("automatic mail and bounces", () => {
  it("takes a person's message that only carries X-Auto-Response-Suppress as the customer's answer", async () => {
    const { id, path, address } = await conversationStarted();
    const queue = recordingQueue();
    await deliver(answer({ to: address, headers: "X-Auto-Response-Suppress: All\n", body: "Written by me." }), {
      to: address,
      queue,
    });
    const [, received] = (await read(path)).messages;
    expect(received).toMatchObject({ text: "Written by me.", automatic: false, fromCustomer: true });
    expect(await waiting(id)).toBe(true);
    expect(queue.bodies).toEqual([{ type: "reply", id: expect.any(String) }]);
    expect(await page(id)).toContain("Customer replied");
  });

  it("recognises bounces that are not RFC 3464 reports: not an answer, the address marked failing", async () => {
    const cases = [
      { from: "MAILER-DAEMON@mx.example.com", subject: "Re: Your brakes", envelope: "bounces@mx.example.com" },
      { from: "helpdesk@mx.example.com", subject: "Undelivered Mail Returned to Sender", envelope: "x@mx.example.com" },
      { from: "helpdesk@mx.example.com", subject: "Delivery Status Notification (Failure)", envelope: "x@example.com" },
      { from: "helpdesk@mx.example.com", subject: "Mail delivery failed: returning message", envelope: "x@e.com" },
      { from: "helpdesk@mx.example.com", subject: "Your message", envelope: "<>" },
    ];
    for (const { from, subject, envelope } of cases) {
      const { id, path, address, messageId } = await conversationStarted();
      const queue = recordingQueue();
      const bounceTo = (to: string) => `From: Mail System <${from}>
To: ${to}
Subject: ${subject}
Message-ID: <${crypto.randomUUID()}@mx.example.com>
MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

This is the mail system. Your message could not be delivered to customer@example.com.

------ This is a copy of the message's headers. ------
From: Pikesville Family Auto Repair <${SHOP}>
To: <customer@example.com>
Subject: Your brakes
Message-ID: <${messageId}>
`;
      // To the shop's sending address (the reply's envelope sender), and to the reply address.
      expect(await deliver(bounceTo(SHOP), { from: envelope, to: SHOP, queue }), subject).toBeNull();
      expect(await deliver(bounceTo(address), { from: envelope, to: address, queue }), subject).toBeNull();
      const record = await read(path);
      expect(
        record.messages.filter((message) => message.direction === "in").map((message) => message.bounce),
        subject,
      ).toEqual([true, true]);
      expect(record.emailFailing, subject).toBe(true);
      expect(await waiting(id), subject).toBe(false);
      expect(queue.bodies, subject).toEqual([]);
    }
  });

  it("keeps an out-of-office sent with the null sender an automatic reply, not a bounce", async () => {
    const { path, address } = await conversationStarted();
    await deliver(answer({ to: address, subject: "Out of Office: Re: Your brakes", body: "Back Monday." }), {
      from: "<>",
      to: address,
    });
    const [, received] = (await read(path)).messages;
    expect(received).toMatchObject({ automatic: true, bounce: false });
  });
});
