import { z } from "~/forms/zod";
import type { AppEnv } from "../http/env.server";

// What goes through the NOTIFY_QUEUE queue: a reference to what to send, never the content, so a
// retry always sends what D1 holds now. The consumer reads bodies as untyped data.

const form = z.enum(["contact", "serviceRequest"]);
const id = z.string().min(1).max(64);

export const notificationJobSchema = z.discriminatedUnion("type", [
  /** The shop's email about a stored submission. */
  z.object({ type: z.literal("notify"), form, id }),
  /** The visitor's confirmation (CONFIRM_VISITOR). */
  z.object({ type: z.literal("confirm"), form, id }),
  /** The morning list of requests still new after the reply promise, for one shop date. */
  z.object({ type: z.literal("digest"), shopDate: z.iso.date() }),
  /** An invitation or password-reset link, its token sealed (app/server/team/staff-mail.server.ts). */
  z.object({ type: z.literal("staffEmail"), sealedToken: z.string().min(1).max(512) }),
]);

export type NotificationJob = z.infer<typeof notificationJobSchema>;

// Queues takes at most 100 messages per sendBatch call.
const BATCH_LIMIT = 100;

export async function enqueueJobs(env: Pick<AppEnv, "NOTIFY_QUEUE">, jobs: readonly NotificationJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += BATCH_LIMIT) {
    await env.NOTIFY_QUEUE.sendBatch(jobs.slice(start, start + BATCH_LIMIT).map((body) => ({ body })));
  }
}
