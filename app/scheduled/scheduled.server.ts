import { purgeOldAuditEntries } from "../features/audit/audit.server";
import { purgeOldSessions } from "../features/sign-in/sign-in.server";
import type { AppEnv } from "../http/env.server";
import { refreshResponseRecord } from "../features/insights/insights.server";
import { enqueueDigestIfDue, sweepUnsentNotifications } from "../features/notifications/notifications.server";
import { purgeOldSpam } from "../features/submissions/submissions.server";

// The Worker's Cron Triggers (wrangler.toml `[triggers] crons` and `[env.production.triggers]`, in
// UTC), each with its job. test/scheduled/scheduled.test.ts checks that this list and wrangler.toml's agree.
// A new job is an entry here and its cron in both lists of wrangler.toml.
// Each job answers with a line for the log that says what it did.
// An ended or expired session's row is only history; a month of it is plenty.
const SESSION_ROWS_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export const scheduledJobs: Record<string, (env: AppEnv, scheduledTime: Date) => Promise<string>> = {
  // Every night at 08:00 UTC (3 or 4 AM in Pikesville): spam older than 30 days goes, audit log
  // entries older than 400 days, and the rows of sessions that began over 30 days ago.
  "0 8 * * *": async (env, scheduledTime) => {
    const deleted = await purgeOldSpam(env, scheduledTime);
    const audit = await purgeOldAuditEntries(env, scheduledTime);
    const sessions = await purgeOldSessions(env, new Date(scheduledTime.getTime() - SESSION_ROWS_KEEP_MS));
    return `deleted ${deleted.contact} contact messages and ${deleted.serviceRequest} service requests kept as spam for over 30 days, ${audit} audit log entries older than 400 days, ${sessions} session rows older than 30 days`;
  },
  // Every 5 minutes: notifications still unsent 5 minutes after they were due are queued again.
  "*/5 * * * *": async (env, scheduledTime) =>
    `queued ${await sweepUnsentNotifications(env, scheduledTime)} overdue notifications again`,
  // The overdue digest at 8:00 AM shop time: 12:00 UTC in summer (EDT), 13:00 UTC in winter (EST);
  // the job queues it only from the run at which the shop's clock reads 8.
  "0 12,13 * * *": async (env, scheduledTime) =>
    (await enqueueDigestIfDue(env, scheduledTime))
      ? "queued the digest check (an email goes out only if a request is overdue)"
      : "not 8 AM on a day the shop opens: no digest",
  // Every hour at :30: the response record the public pages may show, recomputed while the owner
  // shows it (docs/decisions/038-response-record.md). Visitors' requests only read what it stored.
  "30 * * * *": (env, scheduledTime) => refreshResponseRecord(env, scheduledTime),
};

/** The Worker's `scheduled` handler: runs the job of the trigger that fired, at its scheduled time. */
export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
  const job = scheduledJobs[controller.cron];
  if (!job) throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/scheduled/scheduled.server.ts`);
  console.log(`Cron Trigger "${controller.cron}": ${await job(env, new Date(controller.scheduledTime))}`);
}
