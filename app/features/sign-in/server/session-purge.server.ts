import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { staffSessions } from "~/db/schema/staff";
import type { AppEnv } from "~/http/env.server";
import { NIGHTLY, type ScheduledTask } from "~/scheduled/scheduled.server";

// An ended or expired session's row is only history; a month of it is plenty.
const SESSION_ROWS_KEEP_MS = 30 * 24 * 60 * 60 * 1000;

/** Rows of sessions that began over 30 days ago, as a nightly task (app/scheduled/scheduled.server.ts). */
export const signInScheduledTasks: ScheduledTask[] = [
  {
    name: "session rows purge",
    cron: NIGHTLY,
    run: async (env, at) =>
      `deleted ${await purgeOldSessions(env, new Date(at.getTime() - SESSION_ROWS_KEEP_MS))} session rows older than 30 days`,
  },
];

/** Rows of sessions that ended or expired long ago: the nightly job deletes them. */
async function purgeOldSessions(env: AppEnv, before: Date): Promise<number> {
  const deleted = await getDb(env)
    .delete(staffSessions)
    .where(sql`${staffSessions.signedInAt} < ${before.getTime()}`)
    .returning({ id: staffSessions.id });
  return deleted.length;
}
