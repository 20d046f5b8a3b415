import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { notificationLedger } from "~/db/schema/notifications";
import type { InboxKind } from "~/records/kinds";
import { shopWallClock } from "~/hours/shop-calendar";
import type { AppEnv } from "../../http/env.server";
import { readShopSettings, scheduleOf } from "../settings/settings.server";
import { digestDateAt } from "./server/digest.server";
import { SWEEP_GRACE_MS } from "~/mail/send-claim.server";
import { takeLapsedConfirmations, takeOverdueNotifications } from "./server/ledger.server";
import { enqueueJobs } from "~/queue/jobs.server";
import { EVERY_5_MINUTES, type ScheduledTask } from "~/scheduled/scheduled.server";

// What the rest of the Worker asks of the notifications: the ledger entry stored with a submission,
// the scheduled sweep and digest, and the queue's handlers for the notifications' own jobs
// (app/features/notifications/server/delivery.server.ts), which workers/app.ts hands to the queue's consumer.

// ------------------------------------------------------------------------------------------------
// The ledger's entries, written in the same batch as the record they are about

/** A record's ledger entry, to store in the same batch as the record: its email is due `now`. */
export function ledgerEntryFor(db: Database, form: InboxKind, id: string, now: Date) {
  return db
    .insert(notificationLedger)
    .values({ submissionKind: form, submissionId: id, dueAt: now })
    .onConflictDoNothing({ target: [notificationLedger.submissionKind, notificationLedger.submissionId] });
}

/**
 * The ledger entries of deleted records, to run in the same batch after their deletion: of these
 * ids, only those whose record is gone (one that was kept meanwhile keeps its entry).
 */
export function forgetLedgerEntries(db: Database, form: InboxKind, ids: string[]) {
  const ledger = notificationLedger;
  const table = inboxTables[form];
  return db
    .delete(ledger)
    .where(
      and(
        eq(ledger.submissionKind, form),
        inArray(ledger.submissionId, ids),
        sql`not exists (select 1 from ${table} where ${table.id} = ${ledger.submissionId})`,
      ),
    );
}

// ------------------------------------------------------------------------------------------------
// Scheduled work

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

// A visitor's confirmation is worth sending within the hour it was asked for; past that the
// visitor has the shop's answer to wait for, not a receipt. Older ones are no longer swept.
export const CONFIRMATION_MAX_AGE_MS = 60 * 60_000;

/**
 * Enqueues every visitor confirmation whose claim lapsed unsent (its consumer died, or the queue
 * gave up on it), for records of the last hour; returns how many (docs/decisions/030-notifications.md).
 */
export async function sweepLapsedConfirmations(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, now: Date): Promise<number> {
  const lapsed = await takeLapsedConfirmations(getDb(env), {
    now,
    maxAgeMs: CONFIRMATION_MAX_AGE_MS,
    limit: SWEEP_LIMIT,
  });
  if (lapsed.length === 0) return 0;
  console.warn(`Re-enqueuing ${lapsed.length} visitor confirmation(s) claimed and never sent`, lapsed);
  await enqueueJobs(
    env,
    lapsed.map(({ form, id }) => ({ type: "confirm", form, id })),
  );
  return lapsed.length;
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

export { notificationJobHandlers } from "./server/delivery.server";

/**
 * Every 5 minutes, notifications still unsent 5 minutes after they were due are queued again, and
 * visitors' confirmations whose claim lapsed unsent; at
 * 8:00 AM shop time (12:00 UTC in summer (EDT), 13:00 UTC in winter (EST)) the overdue digest, which
 * the task queues only from the run at which the shop's clock reads 8.
 */
export const notificationScheduledTasks: ScheduledTask[] = [
  {
    name: "sweep of unsent notifications",
    cron: EVERY_5_MINUTES,
    run: async (env, at) => `queued ${await sweepUnsentNotifications(env, at)} overdue notifications again`,
  },
  {
    // Visitors' confirmations whose claim lapsed unsent (their consumer died).
    name: "sweep of lapsed confirmations",
    cron: EVERY_5_MINUTES,
    run: async (env, at) => `queued ${await sweepLapsedConfirmations(env, at)} visitor confirmations again`,
  },
  {
    name: "digest check",
    cron: "0 12,13 * * *",
    run: async (env, at) =>
      (await enqueueDigestIfDue(env, at))
        ? "queued the digest check (an email goes out only if a request is overdue)"
        : "not 8 AM on a day the shop opens: no digest",
  },
];
