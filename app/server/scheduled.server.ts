import type { AppEnv } from "./env.server";
import { enqueueDigestIfDue, sweepUnsentNotifications } from "./notifications/schedule.server";
import { purgeOldSpam } from "./spam.server";

// The Worker's Cron Triggers (wrangler.toml `[triggers] crons` and `[env.production.triggers]`, in
// UTC), each with its job. test/scheduled.test.ts checks that this list and wrangler.toml's agree.
// A new job is an entry here and its cron in both lists of wrangler.toml.
export const scheduledJobs: Record<string, (env: AppEnv, scheduledTime: Date) => Promise<unknown>> = {
  // Every night at 08:00 UTC (3 or 4 AM in Pikesville): spam older than 30 days goes.
  "0 8 * * *": (env, scheduledTime) => purgeOldSpam(env, scheduledTime),
  // Every 5 minutes: notifications still unsent 5 minutes after they were due are queued again.
  "*/5 * * * *": (env, scheduledTime) => sweepUnsentNotifications(env, scheduledTime),
  // The overdue digest at 8:00 AM shop time: 12:00 UTC in summer (EDT), 13:00 UTC in winter (EST);
  // the job queues it only from the run at which the shop's clock reads 8.
  "0 12,13 * * 1-5": (env, scheduledTime) => enqueueDigestIfDue(env, scheduledTime),
};

/** The Worker's `scheduled` handler: runs the job of the trigger that fired, at its scheduled time. */
export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
  const job = scheduledJobs[controller.cron];
  if (!job) throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/server/scheduled.server.ts`);
  const result = await job(env, new Date(controller.scheduledTime));
  console.log(`Cron Trigger "${controller.cron}" done`, result);
}
