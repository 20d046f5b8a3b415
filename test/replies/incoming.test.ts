import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { replyToken } from "~/features/replies/server/reply-token.server";
import { createWorker } from "../../workers/app";
import { fetchWorker, newClientAddress } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { staffSessionCookie } from "../support/staff";

// Customers' answers coming back to the record (issue 29, decision 041): the Worker's email()
// handler, fed raw RFC 5322 messages as Email Routing would deliver them.

const SECRET = "test-session-secret-that-is-long-enough-0123456789";
const worker = createWorker();

let cookie: string;
beforeAll(async () => {
  cookie = await staffSessionCookie("inbound-ivy");
  // The first request compiles the routes: slow on a busy machine.
}, 60_000);

type Message = {
  id: string;
  direction: "out" | "in";
  from: string;
  subject: string;
  text: string;
  automatic: boolean;
  bounce: boolean;
  attachments: { name: string; type: string; size: number }[];
};
type RecordRead = { messages: Message[]; emailFailing: boolean };

/** Hands a raw message to the Worker's email() handler; returns the rejection, if any. */
async function deliver(
  raw: string,
  { from = "customer@example.com", to, queue = recordingQueue() }: { from?: string; to: string; queue?: Queue },
) {
  const bytes = new TextEncoder().encode(raw.replace(/\r?\n/g, "\r\n"));
  const rejected: string[] = [];
  const message = {
    from,
    to,
    headers: new Headers(),
    raw: new Response(bytes).body!,
    rawSize: bytes.byteLength,
    setReject: (reason: string) => void rejected.push(reason),
    forward: () => Promise.reject(new Error("not in tests")),
    reply: () => Promise.reject(new Error("not in tests")),
  } as unknown as ForwardableEmailMessage;
  await worker.email(message, { ...env, NOTIFY_QUEUE: queue });
  return rejected[0] ?? null;
}

const read = async (path: string) => (await fetchWorker(path, { headers: { Cookie: cookie } })).json<RecordRead>();

/** A record with one reply sent to the customer: the record's path, reply address and the reply's Message-ID. */
async function conversationStarted(kind: "contact" | "serviceRequest" = "serviceRequest") {
  const [id] = await insertInboxRecords(kind, [{ email: "customer@example.com" }]);
  const path = `/api/${kind === "contact" ? "contact-submissions" : "service-requests"}/${id}`;
  const queue = recordingQueue();
  const response = await fetchWorker(
    `${path}/replies`,
    {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
      body: JSON.stringify({ body: "When can you bring it in?", subject: "Your brakes" }),
    },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
  const reply = await response.json<{ id: string }>();
  await deliverQueued(queue, { NOTIFY_EMAIL: recordingMailer().binding });
  const token = await replyToken(SECRET, kind, id!);
  return { id: id!, path, address: `reply+${token}@shop.localhost`, messageId: `reply.${reply.id}@shop.localhost` };
}

const answer = ({
  to,
  subject = "Re: Your brakes",
  headers = "",
  body = "Tuesday at 9 works.\n\nOn Mon, Nov 23, 2026 at 10:00 AM Pikesville Family Auto Repair <notifications@shop.localhost> wrote:\n> When can you bring it in?\n",
  messageId = `<${crypto.randomUUID()}@mail.example.com>`,
}: {
  to: string;
  subject?: string;
  headers?: string;
  body?: string;
  messageId?: string;
}) => `From: Casey Customer <customer@example.com>
To: ${to}
Subject: ${subject}
Date: Tue, 24 Nov 2026 14:00:00 +0000
Message-ID: ${messageId}
${headers}MIME-Version: 1.0
Content-Type: text/plain; charset=utf-8

${body}`;

describe("an answer to a reply", () => {
  it("comes back to the record by the token in its recipient, quoted history trimmed, oldest first", async () => {
    const { path, address } = await conversationStarted();
    expect(await deliver(answer({ to: address }), { to: address })).toBeNull();
    const { messages, emailFailing } = await read(path);
    expect(messages.map((message) => message.direction)).toEqual(["out", "in"]);
    expect(messages[1]).toMatchObject({
      from: "customer@example.com",
      subject: "Re: Your brakes",
      text: "Tuesday at 9 works.",
      automatic: false,
      bounce: false,
      attachments: [],
    });
    expect(emailFailing).toBe(false);
  });

  it("is stored once when the platform delivers it twice", async () => {
    const { path, address } = await conversationStarted("contact");
    const raw = answer({ to: address, messageId: "<twice@mail.example.com>" });
    await deliver(raw, { to: address });
    await deliver(raw, { to: address });
    expect((await read(path)).messages.filter((message) => message.direction === "in")).toHaveLength(1);
  });

  it("comes back by its In-Reply-To or References when the recipient carries no token", async () => {
    const { path, messageId } = await conversationStarted();
    const to = "notifications@shop.localhost";
    expect(await deliver(answer({ to, headers: `In-Reply-To: <${messageId}>\n` }), { to })).toBeNull();
    expect(
      await deliver(answer({ to, headers: `References: <other@example.com> <${messageId}>\n`, body: "Second" }), {
        to,
      }),
    ).toBeNull();
    expect((await read(path)).messages.map((message) => message.text)).toEqual([
      "When can you bring it in?",
      "Tuesday at 9 works.",
      "Second",
    ]);
  });

  it("comes back by the Message-ID the mail platform wrote in place of ours, which the next reply references", async () => {
    const { id, path, messageId } = await conversationStarted();
    // The local runtime, as the platform may, sends the reply under a Message-ID of its own.
    const row = await env.DB.prepare(
      "select sent_message_id from record_messages where submission_id = ? and direction = 'out'",
    )
      .bind(id)
      .first<{ sent_message_id: string | null }>();
    const platformId = row?.sent_message_id;
    expect(platformId).toMatch(/^[^<>\s]+@[^<>\s]+$/);
    expect(platformId).not.toBe(messageId);

    const to = "notifications@shop.localhost";
    expect(await deliver(answer({ to, headers: `In-Reply-To: <${platformId!.toUpperCase()}>\n` }), { to })).toBeNull();
    expect((await read(path)).messages.map((message) => message.text)).toEqual([
      "When can you bring it in?",
      "Tuesday at 9 works.",
    ]);

    const queue = recordingQueue();
    await fetchWorker(
      `${path}/replies`,
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
        body: JSON.stringify({ body: "See you Tuesday." }),
      },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const references = mailer.sent.at(-1)?.raw.match(/^References: (.*)$/im)?.[1] ?? "";
    expect(references.toLowerCase()).toContain(`<${platformId}>`);
  });

  it("is refused, and nothing stored, with a forged or altered token and no header naming a message the shop sent", async () => {
    const { path, address } = await conversationStarted();
    const forged = `reply+s${crypto.randomUUID().replaceAll("-", "")}.abcdefghijklmnopqrst@shop.localhost`;
    const altered = address.replace(/\.([a-z2-7])/, (_, letter: string) => `.${letter === "a" ? "b" : "a"}`);
    for (const to of [forged, altered, "reply@shop.localhost"]) {
      const rejected = await deliver(answer({ to, headers: "In-Reply-To: <reply.not-ours@shop.localhost>\n" }), { to });
      expect(rejected, to).toBe("Unknown recipient: this address does not belong to a conversation with the shop.");
    }
    expect((await read(path)).messages).toHaveLength(1);
    const stored = await env.DB.prepare("select count(*) as n from record_messages where to_address = ?")
      .bind(forged)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });

  it("is refused over 1 MB, nothing stored", async () => {
    const { path, address } = await conversationStarted();
    const rejected = await deliver(answer({ to: address, body: "x".repeat(76).concat("\n").repeat(14_000) }), {
      to: address,
    });
    expect(rejected).toBe("Message too large: this address takes messages up to 1 MB.");
    expect((await read(path)).messages).toHaveLength(1);
  });

  it("keeps an auto-reply or out-of-office on the record, marked automatic", async () => {
    const { path, address } = await conversationStarted();
    await deliver(answer({ to: address, headers: "Auto-Submitted: auto-replied\n", body: "I am away." }), {
      to: address,
    });
    await deliver(answer({ to: address, headers: "Auto-Submitted: no\n", body: "A person wrote this." }), {
      to: address,
    });
    await deliver(answer({ to: address, subject: "Out of Office: Re: Your brakes", body: "Back Monday." }), {
      to: address,
    });
    await deliver(answer({ to: address, headers: "Precedence: bulk\n", body: "Newsletter" }), { to: address });
    await deliver(answer({ to: address, headers: "X-Autoreply: yes\n", body: "Thanks for your mail" }), {
      to: address,
    });
    const incoming = (await read(path)).messages.filter((message) => message.direction === "in");
    expect(incoming.map((message) => [message.text, message.automatic])).toEqual([
      ["I am away.", true],
      ["A person wrote this.", false],
      ["Back Monday.", true],
      ["Newsletter", true],
      ["Thanks for your mail", true],
    ]);
  });

  it("keeps HTML as text: a <script> in the text shown escaped, an HTML-only message without markup or scripts", async () => {
    const { id, path, address } = await conversationStarted();
    await deliver(answer({ to: address, body: "Is <script>alert(1)</script> a problem?" }), { to: address });
    const htmlOnly = `From: customer@example.com
To: ${address}
Subject: Photos
Message-ID: <html-only@mail.example.com>
MIME-Version: 1.0
Content-Type: text/html; charset=utf-8

<html><head><style>p{color:red}</style><script>alert(2)</script></head><body><p>Hello <b>there</b> &amp; thanks</p><img src="https://tracker.example/pixel.png"><p><a href="https://evil.example/login">my invoice</a></p></body></html>`;
    await deliver(htmlOnly, { to: address });
    const incoming = (await read(path)).messages.filter((message) => message.direction === "in");
    expect(incoming.map((message) => message.text)).toEqual([
      "Is <script>alert(1)</script> a problem?",
      "Hello there & thanks\nmy invoice (https://evil.example/login)",
    ]);
    const page = await (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Is &lt;script&gt;alert(1)&lt;/script&gt; a problem?");
    expect(page).not.toContain("<script>alert");
    expect(page).not.toContain("tracker.example");
    expect(page).not.toContain('href="https://evil.example');
  });

  it("lists attachments by name, type and size", async () => {
    const { path, address } = await conversationStarted();
    const raw = `From: customer@example.com
To: ${address}
Subject: Photo
Message-ID: <with-photo@mail.example.com>
MIME-Version: 1.0
Content-Type: multipart/mixed; boundary="b1"

--b1
Content-Type: text/plain; charset=utf-8

Here is the noise on video.
--b1
Content-Type: image/jpeg; name="brake.jpg"
Content-Disposition: attachment; filename="brake.jpg"
Content-Transfer-Encoding: base64

${btoa("x".repeat(300))}
--b1--
`;
    await deliver(raw, { to: address });
    const [, received] = (await read(path)).messages;
    expect(received).toMatchObject({
      text: "Here is the noise on video.",
      attachments: [{ name: "brake.jpg", type: "image/jpeg", size: 300 }],
    });
  });
});

describe("a bounce", () => {
  it("is kept on the record as undelivered and marks the customer's address failing, shown on the record page", async () => {
    const { id, path, messageId, address } = await conversationStarted();
    const to = "notifications@shop.localhost";
    const raw = `From: Mail Delivery Subsystem <mailer-daemon@mx.example.com>
To: ${to}
Subject: Undelivered Mail Returned to Sender
Message-ID: <bounce-1@mx.example.com>
Auto-Submitted: auto-replied
MIME-Version: 1.0
Content-Type: multipart/report; report-type=delivery-status; boundary="r1"

--r1
Content-Type: text/plain; charset=utf-8

Your message could not be delivered to customer@example.com: mailbox unavailable.
--r1
Content-Type: message/delivery-status

Reporting-MTA: dns; mx.example.com

Final-Recipient: rfc822; customer@example.com
Action: failed
Status: 5.1.1
--r1
Content-Type: text/rfc822-headers

From: Pikesville Family Auto Repair <notifications@shop.localhost>
To: <customer@example.com>
Subject: Your brakes
Message-ID: <${messageId}>
--r1--
`;
    expect(await deliver(raw, { from: "mailer-daemon@mx.example.com", to })).toBeNull();
    const record = await read(path);
    expect(record.emailFailing).toBe(true);
    expect(record.messages[1]).toMatchObject({ direction: "in", bounce: true, automatic: true });
    const page = await (await fetchWorker(`/incoming/service-requests/${id}`, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Email to customer@example.com is failing");
    expect(page).toContain("Not delivered");
    // On the inbox's card too, in words; until the customer writes again.
    const listed = async () =>
      (
        await (
          await fetchWorker("/api/service-requests?limit=200", { headers: { Cookie: cookie } })
        ).json<{ id: string; emailFailing: boolean }[]>()
      ).find((each) => each.id === id)?.emailFailing;
    expect(await listed()).toBe(true);
    const inbox = await (await fetchWorker("/incoming?tab=service-requests", { headers: { Cookie: cookie } })).text();
    expect(inbox.split("<article").find((card) => card.includes(id))).toContain("Email bouncing");
    await deliver(answer({ to: address }), { to: address });
    expect(await listed()).toBe(false);
  });
});

describe("a customer's answer waiting on staff", () => {
  const list = async (query: string) =>
    (await fetchWorker(`/api/service-requests?${query}`, { headers: { Cookie: cookie } })).json<
      { id: string; repliedAt: string | null }[]
    >();

  it("puts the record in ?replied=1 with its badge and tab count; an automatic answer does not", async () => {
    const waiting = await conversationStarted();
    const auto = await conversationStarted();
    await deliver(answer({ to: waiting.address }), { to: waiting.address });
    await deliver(answer({ to: auto.address, headers: "Auto-Submitted: auto-replied\n" }), { to: auto.address });
    const ids = (await list("replied=1&limit=200")).map((record) => record.id);
    expect(ids).toContain(waiting.id);
    expect(ids).not.toContain(auto.id);
    expect((await list("replied=1&limit=200")).find((record) => record.id === waiting.id)?.repliedAt).toEqual(
      expect.any(String),
    );
    expect((await fetchWorker("/api/service-requests?replied=2", { headers: { Cookie: cookie } })).status).toBe(400);
    const page = await (
      await fetchWorker("/incoming?tab=service-requests&replied=1", { headers: { Cookie: cookie } })
    ).text();
    expect(page).toMatch(
      /<span class="sr-only">, <!-- -->\d+ replied<\/span>|<span class="sr-only">, \d+ replied<\/span>/,
    );
    expect(page).toContain(">Replied<");
  });

  it("emails the assignee once, or the shop's address when nobody has the record", async () => {
    const assigned = await conversationStarted();
    await env.DB.prepare("update users set email = 'ivy@shop.localhost' where username = 'inbound-ivy'").run();
    await env.DB.prepare("update service_requests set assignee = 'inbound-ivy' where id = ?").bind(assigned.id).run();
    const queue = recordingQueue();
    await deliver(answer({ to: assigned.address, body: "Is Tuesday fine?" }), { to: assigned.address, queue });
    expect(queue.bodies).toEqual([{ type: "reply", id: expect.any(String) }]);
    const job = queue.bodies[0];
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    queue.bodies.push(job);
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["ivy@shop.localhost"]);
    const [notice] = mailer.sent;
    expect(notice?.mail.header("subject")).toBe("Customer replied — Pat Example: Re: Your brakes");
    expect(notice?.mail.text).toContain("Is Tuesday fine?");
    expect(notice?.mail.text).toContain(`/incoming/service-requests/${assigned.id}`);

    const nobody = await conversationStarted();
    const second = recordingQueue();
    await deliver(answer({ to: nobody.address }), { to: nobody.address, queue: second });
    const shopMailer = recordingMailer();
    await deliverQueued(second, { NOTIFY_EMAIL: shopMailer.binding });
    expect(shopMailer.sent.map((sent) => sent.to)).toEqual(["staff@shop.localhost"]);
  });

  it("is cleared by a reply, by a logged contact, and by Handled (audited)", async () => {
    const replied = await conversationStarted();
    const called = await conversationStarted();
    const handled = await conversationStarted();
    for (const { address } of [replied, called, handled]) await deliver(answer({ to: address }), { to: address });
    const waitingIds = async () => (await list("replied=1&limit=200")).map((record) => record.id);
    expect(await waitingIds()).toEqual(expect.arrayContaining([replied.id, called.id, handled.id]));

    await fetchWorker(
      `${replied.path}/replies`,
      {
        method: "POST",
        headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
        body: JSON.stringify({ body: "See you Tuesday." }),
      },
      { bindings: { NOTIFY_QUEUE: recordingQueue() } },
    );
    await fetchWorker(`${called.path}/activity`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({ type: "call", outcome: "reached" }),
    });
    const page = `/incoming/service-requests/${handled.id}`;
    const done = await fetchWorker(`${page}/reply`, {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: "http://localhost",
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ intent: "handled", returnTo: page }).toString(),
    });
    expect(done.status).toBe(302);
    const left = await waitingIds();
    for (const { id } of [replied, called, handled]) expect(left).not.toContain(id);
    const audit = await env.DB.prepare("select action from audit_log where target = ? order by id desc limit 1")
      .bind(`service-requests/${handled.id}`)
      .first<{ action: string }>();
    expect(audit?.action).toBe("record.handled");
  });
});
