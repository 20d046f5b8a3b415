import { env } from "cloudflare:test";
import { replyToken } from "~/features/replies/server/reply-token.server";
import { createWorker } from "../../workers/app";
import { fetchWorker, newClientAddress } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { staffSessionCookie } from "../support/staff";

// What the incoming-mail tests share (issue 29, decision 041): the Worker's email() handler fed raw
// RFC 5322 messages as Email Routing would deliver them, a record with a reply sent, and an answer.

export const SECRET = "test-session-secret-that-is-long-enough-0123456789";
export const worker = createWorker();

export let cookie: string;
/** Signs the tests' staff member in (each test file, in its beforeAll). */
export async function signInStaff() {
  cookie = await staffSessionCookie("inbound-ivy");
}

export type Message = {
  id: string;
  direction: "out" | "in";
  from: string;
  fromCustomer: boolean;
  subject: string;
  text: string;
  automatic: boolean;
  bounce: boolean;
  attachments: { name: string; type: string; size: number }[];
};
export type RecordRead = { messages: Message[]; emailFailing: boolean };

/** A raw message as Email Routing hands it to the email() handler, and the rejections it records. */
export function incomingEmail(raw: string, { from, to }: { from: string; to: string }) {
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
  return { message, rejected };
}

/** Hands a raw message to the Worker's email() handler; returns the rejection, if any. */
export async function deliver(
  raw: string,
  {
    from = "customer@example.com",
    to,
    queue = recordingQueue(),
    bindings = {},
  }: { from?: string; to: string; queue?: Queue; bindings?: Partial<Env> },
) {
  const { message, rejected } = incomingEmail(raw, { from, to });
  await worker.email(message, { ...env, NOTIFY_QUEUE: queue, ...bindings });
  return rejected[0] ?? null;
}

export const read = async (path: string) =>
  (await fetchWorker(path, { headers: { Cookie: cookie } })).json<RecordRead>();

/** A record with one reply sent to the customer: the record's path, reply address and the reply's Message-ID. */
export async function conversationStarted(kind: "contact" | "serviceRequest" = "serviceRequest") {
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

export const answer = ({
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
