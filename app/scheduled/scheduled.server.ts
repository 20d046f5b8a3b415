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

/**
 * A feature's work at a Cron Trigger; it answers a line for the log that says what it did. Its name
 * says what failed when it throws ("the spam purge").
 */
export type ScheduledTask = { name: string; cron: string; run: (env: AppEnv, scheduledTime: Date) => Promise<string> };

/**
 * The Worker's `scheduled` handler: runs the tasks of the trigger that fired, in turn, at its
 * scheduled time, each in its own try, so one that throws (logged with its error and named in the
 * line) skips none of the others. If any failed, the run throws once all have run, so the platform
 * records it as failed.
 */
export function createScheduledRunner(tasks: readonly ScheduledTask[]) {
  const crons = [...new Set(tasks.map((task) => task.cron))];
  return {
    crons,
    async run(controller: Pick<ScheduledController, "cron" | "scheduledTime">, env: AppEnv) {
      const due = tasks.filter((task) => task.cron === controller.cron);
      if (due.length === 0)
        throw new Error(`No job for the Cron Trigger "${controller.cron}": see app/scheduled/scheduled.server.ts`);
      const lines: string[] = [];
      const failed: string[] = [];
      for (const task of due) {
        try {
          lines.push(await task.run(env, new Date(controller.scheduledTime)));
        } catch (error) {
          console.error(`The ${task.name} failed; the other tasks of "${controller.cron}" still run`, error);
          failed.push(task.name);
          lines.push(`the ${task.name} failed`);
        }
      }
      const line = `Cron Trigger "${controller.cron}": ${lines.join("; ")}`;
      if (failed.length > 0) throw new Error(line);
      console.log(line);
    },
  };
}
