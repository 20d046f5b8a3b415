import { and, eq, inArray, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { replyJobSchema } from "~/features/replies/replies.server";
import { notificationLedger } from "~/db/schema/notifications";
import { z } from "~/forms/zod";
import { INBOX_KINDS, type InboxKind } from "~/records/kinds";
import { shopWallClock } from "~/hours/shop-calendar";
import type { AppEnv } from "../../http/env.server";
import { readShopSettings, scheduleOf } from "../settings/settings.server";
import { digestDateAt } from "./server/digest.server";
import { SWEEP_GRACE_MS } from "~/mail/send-claim.server";
import { takeLapsedConfirmations, takeOverdueNotifications } from "./server/ledger.server";

// What the rest of the Worker asks of the notifications: queue a stored submission's emails, and
// the scheduled sweep and digest (app/server/scheduled/ dispatches each Cron Trigger here). The
// queue's consumer is delivery.server.ts, which workers/app.ts calls.

// What goes through the NOTIFY_QUEUE queue: a reference to what to send, never the content, so a
// retry always sends what D1 holds now. The consumer reads bodies as untyped data.

const form = z.enum(INBOX_KINDS);
const id = z.string().min(1).max(64);

export const notificationJobSchema = z.discriminatedUnion("type", [
  /** The shop's email about a stored submission. */
  z.object({ type: z.literal("notify"), form, id }),
  /** The visitor's confirmation (CONFIRM_VISITOR). */
  z.object({ type: z.literal("confirm"), form, id }),
  /** The morning list of requests still new after the reply promise, for one shop date. */
  z.object({ type: z.literal("digest"), shopDate: z.iso.date() }),
  /** An invitation or password-reset link, its token sealed (app/features/team/server/staff-mail.server.ts). */
  z.object({ type: z.literal("staffEmail"), sealedToken: z.string().min(1).max(512) }),
  /** An email about an appointment: a row of its ledger (app/features/appointments/). */
  z.object({ type: z.literal("appointment"), messageId: z.number().int().positive() }),
  /**
   * "Forgot password?" as typed (a username or an email address): the consumer looks the account
   * up, so the request's answer does the same work for every account, known or not.
   */
  z.object({
    type: z.literal("resetRequest"),
    account: z.string().min(1).max(254),
    client: z.string().max(128).nullable(),
  }),
  /**
   * A notice to a member about their own account (app/server/team/staff-mail.server.ts): their
   * email was changed (sent to the address it had, which D1 no longer holds), or their sign-in
   * codes were locked after too many wrong ones (sent to the address on the account).
   */
  z.object({
    type: z.literal("memberNotice"),
    notice: z.enum(["email-changed", "codes-locked"]),
    userId: z.string().min(1).max(64),
    to: z.email().max(254).optional(),
  }),
  /** A reply staff sent from a record (app/features/replies/). */
  replyJobSchema,
]);

export type NotificationJob = z.infer<typeof notificationJobSchema>;

// Queues takes at most 100 messages per sendBatch call.
const BATCH_LIMIT = 100;

export async function enqueueJobs(env: Pick<AppEnv, "NOTIFY_QUEUE">, jobs: readonly NotificationJob[]): Promise<void> {
  for (let start = 0; start < jobs.length; start += BATCH_LIMIT) {
    await env.NOTIFY_QUEUE.sendBatch(jobs.slice(start, start + BATCH_LIMIT).map((body) => ({ body })));
  }
}

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

export { handleNotificationBatch } from "./server/delivery.server";
