import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { recordOfReplyAddress, replyToken } from "~/features/replies/server/reply-token.server";
import { fetchWorker, newClientAddress, ORIGIN } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, onlyMailFromShop, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { postStaffForm, staffSessionCookie } from "../support/staff";

// Replies from the record (issue 29, decision 041): sent from the shop's address with the record's
// reply address, threaded, through the queue and its ledger (never lost, never twice), counted as
// contact; the JSON API and the record page's form without JavaScript.

const SWEEP = "*/5 * * * *";
const SECRET = "test-session-secret-that-is-long-enough-0123456789";

let cookie: string;
beforeAll(async () => {
  cookie = await staffSessionCookie("reply-rita");
  await env.DB.prepare("update users set display_name = 'Rita Reply' where username = 'reply-rita'").run();
  // The first request compiles the routes: slow on a busy machine.
}, 60_000);

type Reply = { id: string; direction: string; at: string; by: string; subject: string; body: string; status: string };

function postReply(path: string, body: unknown, queue = recordingQueue()) {
  return fetchWorker(
    path,
    {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    { bindings: { NOTIFY_QUEUE: queue } },
  );
}

async function readRecord(path: string) {
  const response = await fetchWorker(path, { headers: { Cookie: cookie } });
  return response.json<{
    status: string;
    firstContactAt: string | null;
    activity: { type: string; note?: string; by: string }[];
    messages: { id: string; direction: string; subject: string; text: string; status: string | null }[];
  }>();
}

const collections = [
  { kind: "contact", path: "/api/contact-submissions", slug: "contact-messages" },
  { kind: "serviceRequest", path: "/api/service-requests", slug: "service-requests" },
] as const;

for (const { kind, path, slug } of collections) {
  describe(`POST ${path}/<id>/replies`, () => {
    it("stores the reply, answers 201 with it, and counts it as contact (status, first contact, log, audit)", async () => {
      const [id] = await insertInboxRecords(kind, [{ email: "jane.doe@example.com", firstName: "Jane" }]);
      const queue = recordingQueue();
      const response = await postReply(`${path}/${id}/replies`, { body: "Hello Jane,\nYour car is ready." }, queue);
      expect(response.status).toBe(201);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const reply = await response.json<Reply>();
      expect(reply).toEqual({
        id: expect.any(String),
        direction: "out",
        at: expect.any(String),
        by: "Rita Reply",
        subject: expect.stringMatching(/^Your (contact message|service request) to Pikesville Family Auto Repair$/),
        body: "Hello Jane,\nYour car is ready.",
        status: "sending",
      });
      expect(queue.bodies).toEqual([{ type: "reply", id: reply.id }]);

      const record = await readRecord(`${path}/${id}`);
      expect(record.status).toBe("contacted");
      expect(record.firstContactAt).toBe(reply.at);
      expect(record.activity).toEqual([
        expect.objectContaining({ type: "email", by: "Rita Reply", note: `Replied from the record: ${reply.subject}` }),
      ]);
      expect(record.messages).toEqual([
        expect.objectContaining({
          id: reply.id,
          direction: "out",
          text: "Hello Jane,\nYour car is ready.",
          status: "sending",
        }),
      ]);
      const { results } = await env.DB.prepare("select action from audit_log where target = ? order by id")
        .bind(`${slug}/${id}`)
        .all<{ action: string }>();
      expect(results.map((row) => row.action)).toEqual(["record.reply", "record.status"]);
    });

    it("refuses a reply without text, too long or with control characters (400 naming the field), and stores nothing", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      for (const body of [
        {},
        { body: "   " },
        { body: "x".repeat(5001) },
        { body: "bell\u0007" },
        { body: "ok", subject: "a\nb" },
      ]) {
        const response = await postReply(`${path}/${id}/replies`, body);
        expect(response.status, JSON.stringify(body).slice(0, 40)).toBe(400);
        const answer = await response.json<{ fieldErrors: Record<string, string[]> }>();
        expect(Object.keys(answer.fieldErrors)).toEqual([Object.hasOwn(body, "subject") ? "subject" : "body"]);
      }
      expect((await postReply(`${path}/${id}/replies`, "not json")).status).toBe(400);
      expect((await readRecord(`${path}/${id}`)).messages).toEqual([]);
      expect((await readRecord(`${path}/${id}`)).status).toBe("new");
    });

    it("takes a reply of 5,000 characters", async () => {
      const [id] = await insertInboxRecords(kind, [{}]);
      expect((await postReply(`${path}/${id}/replies`, { body: "é".repeat(5000) })).status).toBe(201);
    });

    it("answers 409 saying to call when the record has no address a reply can go to, and 404 for an unknown record", async () => {
      const [id] = await insertInboxRecords(kind, [{ email: "not an address", phone: "4105550123" }]);
      const response = await postReply(`${path}/${id}/replies`, { body: "Hello" });
      expect(response.status).toBe(409);
      expect((await response.json<{ message: string }>()).message).toBe(
        "This customer gave no email address a reply can be sent to: call them at (410) 555-0123.",
      );
      expect((await readRecord(`${path}/${id}`)).messages).toEqual([]);
      expect((await postReply(`${path}/${crypto.randomUUID()}/replies`, { body: "Hello" })).status).toBe(404);
    });
  });
}

describe("sending a reply", () => {
  const path = "/api/service-requests";

  it("goes from the shop's address and name, Reply-To the record's own reply address, text and escaped HTML", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [{ email: "sam@example.com" }]);
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const reply = await (
      await postReply(
        `${path}/${id}/replies`,
        { body: "Hi Sam,\n<b>not bold</b> & fine.", subject: "Your brakes" },
        queue,
      )
    ).json<Reply>();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const mail = onlyMailFromShop(mailer, "sam@example.com");
    const token = await replyToken(SECRET, "serviceRequest", id!);
    expect(mail.header("reply-to")).toBe(`Pikesville Family Auto Repair <reply+${token}@shop.localhost>`);
    expect(mail.header("subject")).toBe("Your brakes");
    expect(mail.header("message-id")).toBe(`<reply.${reply.id}@shop.localhost>`);
    expect(mail.header("in-reply-to")).toBeUndefined();
    expect(mail.text.replaceAll("\r\n", "\n")).toBe(
      "Hi Sam,\n<b>not bold</b> & fine.\n\n-- \nPikesville Family Auto Repair\n(410) 555-0192",
    );
    expect(mail.html).toContain("&lt;b&gt;not bold&lt;/b&gt; &amp; fine.");
    expect(mail.html).not.toContain("<b>");
    const record = await readRecord(`${path}/${id}`);
    expect(record.messages.map((message) => message.status)).toEqual(["sent"]);
  });

  it("threads a second reply under the first: In-Reply-To and References, the subject answered with Re:", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [{}]);
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const first = await (
      await postReply(`${path}/${id}/replies`, { body: "One", subject: "Brakes" }, queue)
    ).json<Reply>();
    const second = await (await postReply(`${path}/${id}/replies`, { body: "Two" }, queue)).json<Reply>();
    expect(second.subject).toBe("Re: Brakes");
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    const secondMail = mailer.sent.find(
      (sent) => sent.mail.header("message-id") === `<reply.${second.id}@shop.localhost>`,
    );
    expect(secondMail?.mail.header("in-reply-to")).toBe(`<reply.${first.id}@shop.localhost>`);
    expect(secondMail?.mail.header("references")).toBe(`<reply.${first.id}@shop.localhost>`);
  });

  it("is retried when the mail service fails, shown as failing meanwhile, and sent once", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const queue = recordingQueue();
    const mailer = recordingMailer({ failing: (call) => call <= 2 });
    await postReply(`/api/contact-submissions/${id}/replies`, { body: "Retry me" }, queue);
    const first = await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue }, 1);
    expect(first.retryDelays).toEqual([[10]]);
    const failing = await readRecord(`/api/contact-submissions/${id}`);
    expect(failing.messages.map((message) => message.status)).toEqual(["failing"]);
    const row = await env.DB.prepare("select id from record_messages where submission_id = ?")
      .bind(id)
      .first<{ id: string }>();
    // Two more deliveries of the same job: the second fails, the third sends; then a duplicate does nothing.
    queue.bodies.push({ type: "reply", id: row!.id });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue });
    queue.bodies.push({ type: "reply", id: row!.id });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue });
    expect(mailer.sent).toHaveLength(1);
    expect(mailer.calls()).toBe(3);
    const sent = await env.DB.prepare("select attempts, sent_at, last_error from record_messages where id = ?")
      .bind(row!.id)
      .first<{ attempts: number; sent_at: number | null; last_error: string | null }>();
    expect(sent).toMatchObject({ attempts: 3, last_error: null });
    expect(sent?.sent_at).toEqual(expect.any(Number));
    expect((await readRecord(`/api/contact-submissions/${id}`)).messages.map((message) => message.status)).toEqual([
      "sent",
    ]);
  });

  it("is never lost: a reply whose job never reached the queue is sent by the sweep, once", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const broken = recordingQueue();
    broken.send = () => Promise.reject(new Error("Queue unavailable (test)"));
    const response = await postReply(`/api/contact-submissions/${id}/replies`, { body: "Lost?" }, broken);
    expect(response.status).toBe(201);
    const { id: replyId } = await response.json<Reply>();

    const queue = recordingQueue();
    const mailer = recordingMailer();
    // Not yet overdue: the sweep leaves it.
    await runCron(SWEEP, new Date(), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).not.toContainEqual({ type: "reply", id: replyId });
    await runCron(SWEEP, new Date(Date.now() + 6 * 60_000), { NOTIFY_QUEUE: queue });
    expect(queue.bodies).toContainEqual({ type: "reply", id: replyId });
    queue.bodies.splice(0, queue.bodies.length, { type: "reply", id: replyId });
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((sent) => sent.mail.text.split("\r\n")[0])).toEqual(["Lost?"]);
    // A later sweep finds nothing to send again.
    const later = recordingQueue();
    await runCron(SWEEP, new Date(Date.now() + 20 * 60_000), { NOTIFY_QUEUE: later });
    expect(later.bodies).not.toContainEqual({ type: "reply", id: replyId });
  });

  it("is deleted with its record", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    await postReply(`/api/contact-submissions/${id}/replies`, { body: "Gone soon" });
    const response = await fetchWorker(`/api/contact-submissions/${id}`, {
      method: "DELETE",
      headers: { Cookie: cookie, Origin: ORIGIN },
    });
    expect(response.status).toBe(204);
    const left = await env.DB.prepare("select count(*) as n from record_messages where submission_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});

describe("the reply address's token", () => {
  it("names its record, and refuses a token changed to name another or made without the secret", async () => {
    const id = crypto.randomUUID();
    const token = (await replyToken(SECRET, "contact", id))!;
    expect(`reply+${token}`.length).toBeLessThanOrEqual(64);
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${token}@shop.localhost`)).toEqual({
      kind: "contact",
      id,
    });
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `REPLY+${token.toUpperCase()}@Shop.Localhost`)).toEqual(
      {
        kind: "contact",
        id,
      },
    );
    const other = crypto.randomUUID().replaceAll("-", "");
    const swapped = `${token[0]}${other}${token.slice(33)}`;
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${swapped}@shop.localhost`)).toBeNull();
    const otherKind = `s${token.slice(1)}`;
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${otherKind}@shop.localhost`)).toBeNull();
    const forged = (await replyToken("another secret that is also long enough 0123", "contact", id))!;
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${forged}@shop.localhost`)).toBeNull();
    expect(await recordOfReplyAddress(SECRET, "elsewhere.example", `reply+${token}@elsewhere.example`)).toEqual({
      kind: "contact",
      id,
    });
    expect(await recordOfReplyAddress(SECRET, "shop.localhost", `reply+${token}@elsewhere.example`)).toBeNull();
  });
});

describe("the record page's reply form, without JavaScript", () => {
  it("sends the reply and comes back to the record, which shows it in its emails", async () => {
    const [id] = await insertInboxRecords("serviceRequest", [{ email: "nojs@example.com" }]);
    const queue = recordingQueue();
    const record = `/incoming/service-requests/${id}`;
    const response = await postStaffForm(
      cookie,
      `${record}/reply`,
      { subject: "Your Camry", body: "It is ready <script>alert(1)</script>", returnTo: record },
      { bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe(record);
    expect(queue.bodies).toEqual([{ type: "reply", id: expect.any(String) }]);
    const page = await (await fetchWorker(record, { headers: { Cookie: cookie } })).text();
    expect(page).toContain("Your Camry");
    expect(page).toContain("It is ready &lt;script&gt;alert(1)&lt;/script&gt;");
    expect(page).toContain("Sending");
  });

  it("shows a refused reply on the reply page with what was typed and why, storing nothing", async () => {
    const [id] = await insertInboxRecords("contact", [{}]);
    const record = `/incoming/contact-messages/${id}`;
    const long = "y".repeat(5001);
    const response = await postStaffForm(
      cookie,
      `${record}/reply`,
      { subject: "Kept subject", body: long, returnTo: record },
      { bindings: { NOTIFY_QUEUE: recordingQueue() } },
    );
    expect(response.status).toBe(400);
    const page = await response.text();
    expect(page).toContain("A reply can be at most 5000 characters.");
    expect(page).toContain('value="Kept subject"');
    expect(page).toContain(long);
    const stored = await env.DB.prepare("select count(*) as n from record_messages where submission_id = ?")
      .bind(id)
      .first<{ n: number }>();
    expect(stored?.n).toBe(0);
  });
});
