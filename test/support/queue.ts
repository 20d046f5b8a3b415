import { createScheduledController, env } from "cloudflare:test";
import { expect } from "vitest";
import { createWorker } from "../../workers/app";
import { type ReadMail, readMail } from "./mail";

// The notification pipeline with its platform bindings replaced: a queue that keeps what is sent
// to it, a mail binding that keeps (or refuses) what it is given, and the Worker's own `queue`
// handler run on what the queue kept.

/** A NOTIFY_QUEUE that keeps every message body sent to it, for `deliverQueued`. */
export function recordingQueue(): Queue & { bodies: unknown[] } {
  const bodies: unknown[] = [];
  const sent: QueueSendResponse = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
  return {
    bodies,
    send(body) {
      bodies.push(body);
      return Promise.resolve(sent);
    },
    sendBatch(messages) {
      for (const message of messages) bodies.push(message.body);
      return Promise.resolve(sent);
    },
    metrics: () => Promise.resolve({ backlogCount: bodies.length, backlogBytes: 0 }),
  };
}

// The local emulator's EmailMessage is a plain object holding the raw message under this key.
const EMULATED_RAW_KEY = "EmailMessage::raw";

export type SentMail = { from: string; to: string; raw: string; mail: ReadMail };

/**
 * A NOTIFY_EMAIL binding that keeps each message it accepts, after the local emulator's own
 * binding has accepted it too (it parses the message and checks its From and Message-ID). With
 * `failing`, the calls it names (1 = the first call) throw as the mail service would.
 */
export function recordingMailer({ failing = () => false }: { failing?: (call: number) => boolean } = {}) {
  const sent: SentMail[] = [];
  let calls = 0;
  const binding: SendEmail = {
    async send(message: EmailMessage | EmailMessageBuilder) {
      calls += 1;
      if (failing(calls)) throw new Error("Mail service unavailable (test)");
      const raw: unknown = Reflect.get(message, EMULATED_RAW_KEY);
      if (typeof raw !== "string") throw new Error("Expected a raw EmailMessage from cloudflare:email");
      const email = message as EmailMessage;
      const result = await env.NOTIFY_EMAIL.send(email);
      sent.push({ from: email.from, to: email.to, raw, mail: readMail(raw) });
      return result;
    },
  };
  return { binding, sent, calls: () => calls };
}

/**
 * The one message the mailer accepted, checked to come from the shop's sending address under the
 * shop's name and to go to `recipient` alone.
 */
export function onlyMailFromShop(mailer: ReturnType<typeof recordingMailer>, recipient: string): ReadMail {
  expect(mailer.sent).toHaveLength(1);
  const [{ from, to, mail }] = mailer.sent as [SentMail];
  expect({ from, to }).toEqual({ from: "notifications@shop.localhost", to: recipient });
  expect(mail.header("from")).toBe("Pikesville Family Auto Repair <notifications@shop.localhost>");
  expect(mail.header("to")).toBe(`<${recipient}>`);
  return mail;
}

type QueuedMessage = { body: unknown; attempts: number };

// The Worker whose `queue` and `scheduled` handlers the notification tests run.
const worker = createWorker();

/**
 * A batch as the platform hands it to the `queue` handler, recording what the handler decides
 * for each message (the pool's own getQueueResult does not report a retry's delay).
 */
function recordingBatch(queueName: string, queued: readonly QueuedMessage[]) {
  const outcomes = new Map<string, { acked: boolean; retryDelaySeconds?: number }>();
  const messages: Message[] = queued.map(({ body, attempts }, index) => {
    const id = `message-${index}`;
    return {
      id,
      timestamp: new Date(),
      body,
      attempts,
      ack: () => void outcomes.set(id, { acked: true }),
      retry: (options?: QueueRetryOptions) =>
        void outcomes.set(id, { acked: false, retryDelaySeconds: options?.delaySeconds }),
    };
  });
  const batch: MessageBatch = {
    queue: queueName,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => messages.forEach((message) => message.ack()),
    retryAll: (options) => messages.forEach((message) => message.retry(options)),
  };
  return { batch, outcomes };
}

/**
 * Runs the Worker's `queue` handler on the bodies a recording queue kept, as the platform would:
 * a message the handler retries is delivered again (attempts + 1, its delay not waited for) until
 * every one is acked or `rounds` have passed (`at`: the consumer's clock pinned). Returns each
 * round's retry delays, in seconds.
 */
export async function deliverQueued(
  queue: ReturnType<typeof recordingQueue>,
  bindings: Partial<Env>,
  rounds = 10,
  { at }: { at?: Date } = {},
) {
  const consumer = at ? createWorker({ now: () => at }) : worker;
  let pending: QueuedMessage[] = queue.bodies.splice(0).map((body) => ({ body, attempts: 1 }));
  const retryDelays: (number | undefined)[][] = [];
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const { batch, outcomes } = recordingBatch("pikesville-auto-repair-notifications", pending);
    await consumer.queue(batch, { ...env, ...bindings });
    const retried = pending.filter((_, index) => outcomes.get(`message-${index}`)?.acked !== true);
    retryDelays.push(
      [...outcomes.values()].filter((outcome) => !outcome.acked).map((outcome) => outcome.retryDelaySeconds),
    );
    pending = retried.map(({ body, attempts }) => ({ body, attempts: attempts + 1 }));
    // Anything enqueued meanwhile is delivered in the next round.
    pending.push(...queue.bodies.splice(0).map((body) => ({ body, attempts: 1 })));
  }
  return { retryDelays, undelivered: pending.length };
}

/** Runs the Worker's `scheduled` handler for one Cron Trigger at `scheduledTime`. */
export async function runCron(cron: string, scheduledTime: Date, bindings: Partial<Env> = {}) {
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), { ...env, ...bindings });
}
