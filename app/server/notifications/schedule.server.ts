import { getDb } from "~/db/db.server";
import type { AppEnv } from "../http/env.server";
import { shopWallClock } from "~/hours/shop-calendar";
import { readShopSettings, scheduleOf } from "../settings/shop-settings.server";
import { digestDateAt } from "./digest.server";
import { enqueueJobs } from "./jobs.server";
import { takeOverdueNotifications } from "./ledger.server";

// Scheduled work for the notifications; workers/app.ts dispatches each Cron Trigger here.

// An email not sent this long after it was due is taken for lost and enqueued again. Longer than a
// claim (ledger.server.ts), so an attempt in progress is never doubled.
export const SWEEP_GRACE_MS = 5 * 60_000;
// Per table and run: the queue takes 100 messages per call, and the next run takes the rest.
const SWEEP_LIMIT = 100;

/** Enqueues every submission whose email is overdue; returns how many. */
export async function sweepUnsentNotifications(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, now: Date): Promise<number> {
  const overdue = await takeOverdueNotifications(getDb(env), { now, graceMs: SWEEP_GRACE_MS, limit: SWEEP_LIMIT });
  if (overdue.length === 0) return 0;
  console.warn(`Re-enqueuing ${overdue.length} notification(s) still unsent`, overdue);
  await enqueueJobs(
    env,
    overdue.map(({ form, id }) => ({ type: "notify", form, id })),
  );
  return overdue.length;
}

/** Enqueues the morning digest when the shop's clock reads 8 AM on a day it opens. */
export async function enqueueDigestIfDue(
  env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">,
  scheduledTime: Date,
): Promise<boolean> {
  const settings = await readShopSettings(env);
  const shopDate = digestDateAt(scheduleOf(settings, shopWallClock(scheduledTime).date), scheduledTime);
  if (!shopDate) return false;
  await enqueueJobs(env, [{ type: "digest", shopDate }]);
  return true;
}
