import type { AppEnv } from "../http/env.server";

// The Worker's Cron Triggers (wrangler.toml `[triggers] crons` and `[env.production.triggers]`, in
// UTC), knowing no feature (docs/decisions/057-features-register-their-jobs.md): each feature exports
// its scheduled tasks, and the Worker's entry (workers/app.ts) hands them all to `createScheduledRunner`.
// test/scheduled/scheduled.test.ts checks that the tasks' crons and wrangler.toml's agree: a new cron
// is a task in its feature and the cron in both lists of wrangler.toml.

/** Every night at 08:00 UTC (3 or 4 AM in Pikesville): the purges of what is kept only so long. */
export const NIGHTLY = "0 8 * * *";
/** Every 5 minutes: emails still unsent 5 minutes after they were due are queued again. */
export const EVERY_5_MINUTES = "*/5 * * * *";

/** A feature's work at a Cron Trigger; it answers a line for the log that says what it did. */
export type ScheduledTask = { cron: string; run: (env: AppEnv, scheduledTime: Date) => Promise<string> };

/** The Worker's `scheduled` handler: runs the tasks of the trigger that fired, in turn, at its scheduled time. */
export function createScheduledRunner(tasks: readonly ScheduledTask[]) {
  const crons = [...new Set(tasks.map((task) => task.cron))];
  return {
    crons,
    async run(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
      const due = tasks.filter((task) => task.cron === controller.cron);
      if (due.length === 0)
        throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/scheduled/scheduled.server.ts`);
      const lines: string[] = [];
      for (const task of due) lines.push(await task.run(env, new Date(controller.scheduledTime)));
      console.log(`Cron Trigger "${controller.cron}": ${lines.join("; ")}`);
    },
  };
}
