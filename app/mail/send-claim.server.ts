import { isNull, lte, or, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";

// Sending an email that D1 keeps (the shop's notifications, the replies from a record, the emails
// about an appointment) is claim, send, record: a claim is a conditional UPDATE that only one
// consumer can win, so two deliveries of one queue message (or a sweep's copy) never send twice at
// the same time (docs/decisions/030-notifications.md).

// A consumer that claimed an email and then vanished (crashed, timed out) holds it this long;
// sending takes well under a second.
export const CLAIM_MS = 2 * 60_000;

// An email not sent this long after it was due is taken for lost, and the sweep enqueues it again.
// Longer than a claim, so an attempt in progress is never doubled.
export const SWEEP_GRACE_MS = 5 * 60_000;

/**
 * What a claim sets on the email's row: held for CLAIM_MS, one attempt more, and due a grace
 * before the claim lapses: should this consumer vanish, the row is overdue the moment its claim
 * lapses, so the first sweep after that sends it again, not the one after.
 */
export function claimColumns(attempts: AnySQLiteColumn, now: Date) {
  const until = new Date(now.getTime() + CLAIM_MS);
  return { claimedUntil: until, dueAt: new Date(until.getTime() - SWEEP_GRACE_MS), attempts: sql`${attempts} + 1` };
}

/** Nobody is sending it: never claimed, or the claim has lapsed. */
export const unclaimedAt = (claimedUntil: AnySQLiteColumn, now: Date) =>
  or(isNull(claimedUntil), lte(claimedUntil, now));
