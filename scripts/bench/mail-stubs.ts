// A second Worker that only `npm run bench` runs, next to the app, to stand in for two of its
// bindings (scripts/bench/notifications.ts). It is never deployed and the app has no switch for
// it: the bench starts the app from a copy of its configuration with these bindings swapped in.
import { WorkerEntrypoint } from "cloudflare:workers";

type StubEnv = {
  /** The local emulator's send_email binding: each message it accepts becomes an .eml file. */
  MAIL: SendEmail;
  /** The share of sends that fail, from 0 to 1. */
  FAILURE_RATE: string;
};

/** NOTIFY_EMAIL that fails FAILURE_RATE of the time, as a mail service having a bad day, before sending. */
export class FlakyMail extends WorkerEntrypoint<StubEnv> {
  async send(message: EmailMessage): Promise<EmailSendResult> {
    if (Math.random() < Number(this.env.FAILURE_RATE)) throw new Error("Injected failure (bench)");
    return this.env.MAIL.send(message);
  }
}

/** NOTIFY_QUEUE that accepts every message and keeps none: the app with its notifications off. */
export class DroppingQueue extends WorkerEntrypoint<StubEnv> {
  send(): Promise<void> {
    return Promise.resolve();
  }
  sendBatch(): Promise<void> {
    return Promise.resolve();
  }
}

export default {
  fetch: () => new Response("Bench stubs: reached through service bindings only.", { status: 404 }),
} satisfies ExportedHandler<StubEnv>;
