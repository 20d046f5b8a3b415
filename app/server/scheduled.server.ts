import type { AppEnv } from "./env.server";
import { purgeOldSpam } from "./spam.server";

// The Worker's scheduled jobs, by the Cron Trigger that runs them. Every cron listed here is also
// in wrangler.toml (`[triggers]` and `[env.production.triggers]`), and the other way round:
// test/scheduled.test.ts compares them. A new job is an entry here and, for a new schedule, a
// cron in both lists. Cron times are UTC.

type ScheduledJob = { name: string; run: (env: AppEnv, now: Date) => Promise<unknown> };

/** Every night at 08:00 UTC (3 or 4 AM in Pikesville): spam older than 30 days goes. */
export const NIGHTLY_CRON = "0 8 * * *";

export const scheduledJobs: Record<string, readonly ScheduledJob[]> = {
  [NIGHTLY_CRON]: [{ name: "purge spam older than 30 days", run: purgeOldSpam }],
};

/**
 * Runs the jobs of one Cron Trigger at `now` (the trigger's scheduled time, which tests choose).
 * Every job runs even if one fails; the failures are then thrown together, so the platform records
 * the run as failed.
 */
export async function runScheduledJobs(cron: string, env: AppEnv, now: Date): Promise<void> {
  const jobs = scheduledJobs[cron];
  if (!jobs) {
    throw new Error(`No scheduled job for the cron "${cron}": wrangler.toml and scheduled.server.ts disagree.`);
  }
  const failures: unknown[] = [];
  for (const job of jobs) {
    try {
      const result = await job.run(env, now);
      console.log(`Scheduled job "${job.name}" done`, result);
    } catch (error) {
      console.error(`Scheduled job "${job.name}" failed`, error);
      failures.push(error);
    }
  }
  if (failures.length > 0) throw new AggregateError(failures, `${failures.length} scheduled job(s) failed`);
}
