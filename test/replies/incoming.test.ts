import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { answer, conversationStarted, cookie, deliver, read, signInStaff } from "./support";

// Customers' answers coming back to the record (issue 29, decision 041): threading by the token and
// by headers, refusals, automatic mail, HTML and attachments.

// The first request compiles the routes: slow on a busy machine.
beforeAll(signInStaff, 60_000);

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
