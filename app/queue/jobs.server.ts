import { z } from "~/forms/zod";
import type { AppEnv } from "~/http/env.server";

// The NOTIFY_QUEUE queue and its consumer, knowing no feature (docs/decisions/057-features-register-their-jobs.md).
// A job is a reference to what to do, never the content, so a retry does what D1 holds now. Each
// feature declares the jobs it handles into `QueuedJobs` and exports their handlers; the Worker's
// entry (workers/app.ts) hands every feature's handlers to `createJobConsumer`. A feature may then
// queue another's job (second-factor's locked-codes notice is the team's to send) without importing it.

/**
 * Every job on the queue, by its `type`: each feature adds its own where it defines them, as
 * `declare module "~/queue/jobs.server" { interface QueuedJobs { reply: ReplyJob } }`
 * (TypeScript merges the declarations, as React Router's `Register`).
 */
/* eslint-disable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type --
   declaration merging takes an interface, empty until the features' declarations fill it */
export interface QueuedJobs {}
/* eslint-enable @typescript-eslint/consistent-type-definitions, @typescript-eslint/no-empty-object-type */

export type QueuedJob = QueuedJobs[keyof QueuedJobs];

// Queues takes at most 100 messages per sendBatch call.
const BATCH_LIMIT = 100;

export async function enqueueJobs(env: Pick<AppEnv, "NOTIFY_QUEUE">, jobs: readonly QueuedJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += BATCH_LIMIT) {
    await env.NOTIFY_QUEUE.sendBatch(jobs.slice(start, start + BATCH_LIMIT).map((body) => ({ body })));
  }
}

export type JobOutcome = { status: "done" } | { status: "retry"; error: string };
export const done: JobOutcome = { status: "done" };

/** A send's outcome for the queue: done, or retried while anything failed. */
export const outcomeOf = ({ errors }: { errors: readonly string[] }): JobOutcome =>
  errors.length ? { status: "retry", error: errors.join("; ") } : done;

/** When a job runs, and when the queue will try it again should it fail now. */
export type JobClock = { now: Date; retryAt: Date };

/** A kind of job: the schema its queued body must pass (bodies are untyped data), and how it runs. */
export type JobHandler<Job> = {
  schema: z.ZodType<Job>;
  run: (env: AppEnv, job: Job, clock: JobClock) => Promise<JobOutcome>;
};

/** A handler for every job type: the composition root's list fails the typecheck while one is missing. */
export type JobHandlers = { [Type in keyof QueuedJobs]: JobHandler<QueuedJobs[Type]> };

// The longest wait between two attempts; the queue's max_retries (wrangler.toml) bounds their number.
const MAX_RETRY_DELAY_SECONDS = 15 * 60;

/** Seconds before attempt `attempts + 1`: the base, doubled after each failure, capped. */
export function retryDelaySeconds(attempts: number, baseSeconds: number): number {
  return Math.min(baseSeconds * 2 ** Math.max(0, attempts - 1), MAX_RETRY_DELAY_SECONDS);
}

const typed = z.object({ type: z.string() });

/** The handler of a queued body and the job it holds, or null when no handler takes it. */
function jobOf(handlers: JobHandlers, body: unknown) {
  const type = typed.safeParse(body).data?.type;
  if (type === undefined || !Object.hasOwn(handlers, type)) return null;
  const handler = handlers[type as keyof QueuedJobs] as JobHandler<unknown>;
  const parsed = handler.schema.safeParse(body);
  return parsed.success ? { handler, job: parsed.data } : null;
}

/** The Worker's `queue` handler: every message is acked once its job is done, or retried later. */
export function createJobConsumer(handlers: JobHandlers) {
  return async function handleJobBatch(batch: MessageBatch, env: AppEnv, now: Date): Promise<void> {
    await Promise.all(
      batch.messages.map(async (message) => {
        const found = jobOf(handlers, message.body);
        if (!found) {
          // Nothing could ever process it: drop it rather than retry it forever.
          console.error("Dropping a notification job that is not one", { body: message.body });
          message.ack();
          return;
        }
        const delaySeconds = retryDelaySeconds(message.attempts, env.NOTIFY_RETRY_SECONDS);
        const clock = { now, retryAt: new Date(now.getTime() + delaySeconds * 1000) };
        let outcome: JobOutcome;
        try {
          outcome = await found.handler.run(env, found.job, clock);
        } catch (error) {
          // D1 unreachable, say: the claim may or may not have been taken; it lapses on its own.
          outcome = { status: "retry", error: error instanceof Error ? error.message : String(error) };
        }
        if (outcome.status === "done") {
          message.ack();
        } else {
          console.error(`Notification job failed (attempt ${message.attempts}); retrying in ${delaySeconds} s`, {
            job: found.job,
            error: outcome.error,
          });
          message.retry({ delaySeconds });
        }
      }),
    );
  };
}
