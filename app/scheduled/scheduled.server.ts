import { sweepUnsentReplies } from "~/features/replies/replies.server";
import { purgeOldAuditEntries } from "../features/audit/audit.server";
import { purgeOldSessions } from "../features/sign-in/sign-in.server";
import type { AppEnv } from "../http/env.server";
import { refreshResponseRecord } from "../features/insights/insights.server";
import {
  enqueueDigestIfDue,
  sweepLapsedConfirmations,
  sweepUnsentNotifications,
} from "../features/notifications/notifications.server";
import { queueAppointmentReminders } from "../features/appointments/appointments.server";
import { purgePastSettings } from "../features/settings/settings.server";
import { purgeOldSpam } from "../features/submissions/submissions.server";

// The Worker's Cron Triggers (wrangler.toml `[triggers] crons` and `[env.production.triggers]`, in
// UTC), each with its job. test/scheduled/scheduled.test.ts checks that this list and wrangler.toml's agree.
// A new job is an entry here and its cron in both lists of wrangler.toml.
// Each job answers with a line for the log that says what it did.
// An ended or expired session's row is only history; a month of it is plenty.
const SESSION_ROWS_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

export const scheduledJobs: Record<string, (env: AppEnv, scheduledTime: Date) => Promise<string>> = {
  // Every night at 08:00 UTC (3 or 4 AM in Pikesville): spam older than 30 days goes, audit log
  // entries older than 400 days, the rows of sessions that began over 30 days ago, and closure and
  // special-hours days past over 30 days ago.
  // Each purge runs whatever the others did: one that fails is logged and named, the rest still run.
  "0 8 * * *": (env, scheduledTime) =>
    eachPurge({
      spam: async () => {
        const deleted = await purgeOldSpam(env, scheduledTime);
        return `${deleted.contact} contact messages and ${deleted.serviceRequest} service requests kept as spam for over 30 days`;
      },
      "audit log": async () =>
        `${await purgeOldAuditEntries(env, scheduledTime)} audit log entries older than 400 days`,
      sessions: async () =>
        `${await purgeOldSessions(env, new Date(scheduledTime.getTime() - SESSION_ROWS_KEEP_MS))} session rows older than 30 days`,
      settings: async () =>
        `${await purgePastSettings(env, scheduledTime)} closure and special-hours days past over 30 days ago`,
    }),
  // Every 5 minutes: notifications still unsent 5 minutes after they were due are queued again.
  // Replies sent from a record likewise (app/features/replies/), and visitors' confirmations whose
  // claim lapsed unsent (their consumer died).
  "*/5 * * * *": async (env, scheduledTime) =>
    `queued ${await sweepUnsentNotifications(env, scheduledTime)} overdue notifications, ${await sweepUnsentReplies(env, scheduledTime)} overdue replies and ${await sweepLapsedConfirmations(env, scheduledTime)} visitor confirmations again`,
  // The overdue digest at 8:00 AM shop time: 12:00 UTC in summer (EDT), 13:00 UTC in winter (EST);
  // the job queues it only from the run at which the shop's clock reads 8.
  "0 12,13 * * *": async (env, scheduledTime) =>
    (await enqueueDigestIfDue(env, scheduledTime))
      ? "queued the digest check (an email goes out only if a request is overdue)"
      : "not 8 AM on a day the shop opens: no digest",
  // Every hour at :30: the response record the public pages may show, recomputed while the owner
  // shows it (docs/decisions/038-response-record.md). Visitors' requests only read what it stored.
  "30 * * * *": (env, scheduledTime) => refreshResponseRecord(env, scheduledTime),
  // Every hour at :15: the reminder the day before each appointment (from 10 AM to 8 PM shop time),
  // and any appointment email still unsent (app/features/appointments/server/reminders.server.ts).
  "15 * * * *": (env, scheduledTime) => queueAppointmentReminders(env, scheduledTime),
};

/**
 * Runs every purge, each in its own try: a line saying what each deleted, or that it failed (logged
 * with its error). If any failed, the run throws once all have run, so the platform records it failed.
 */
async function eachPurge(purges: Record<string, () => Promise<string>>): Promise<string> {
  const failed: string[] = [];
  const parts: string[] = [];
  for (const [name, purge] of Object.entries(purges)) {
    try {
      parts.push(await purge());
    } catch (error) {
      console.error(`The nightly ${name} purge failed; the other purges still run`, error);
      failed.push(name);
      parts.push(`the ${name} purge failed`);
    }
  }
  const line = `deleted ${parts.join(", ")}`;
  if (failed.length > 0) throw new Error(line);
  return line;
}

/** The Worker's `scheduled` handler: runs the job of the trigger that fired, at its scheduled time. */
export async function runScheduled(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
  const job = scheduledJobs[controller.cron];
  if (!job) throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/scheduled/scheduled.server.ts`);
  console.log(`Cron Trigger "${controller.cron}": ${await job(env, new Date(controller.scheduledTime))}`);
}
