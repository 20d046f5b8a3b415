import type { AppEnv } from "./env.server";
import { enqueueDigestIfDue, sweepUnsentNotifications } from "./notifications/schedule.server";

// The Worker's Cron Triggers (wrangler.toml `[triggers] crons`, in UTC), each with its job.
// test/scheduled.test.ts checks that this list and wrangler.toml's agree.
export const scheduledJobs: Record<string, (env: AppEnv, scheduledTime: Date) => Promise<unknown>> = {
  // Notifications still unsent after a few minutes are enqueued again.
  "*/5 * * * *": (env, scheduledTime) => sweepUnsentNotifications(env, scheduledTime),
  // The overdue digest at 8:00 AM shop time: 12:00 UTC in summer (EDT), 13:00 UTC in winter (EST).
  "0 12,13 * * 1-5": (env, scheduledTime) => enqueueDigestIfDue(env, scheduledTime),
};

/** The Worker's `scheduled` handler: runs the job of the trigger that fired. */
export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
  const job = scheduledJobs[controller.cron];
  if (!job) throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/server/scheduled.server.ts`);
  await job(env, new Date(controller.scheduledTime));
}
