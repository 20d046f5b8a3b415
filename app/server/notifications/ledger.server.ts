import { and, eq, inArray, isNotNull, isNull, lte, ne, or, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import {
  type ContactSubmission,
  type contactSubmissions,
  inboxTables,
  type ServiceRequest,
  type serviceRequests,
} from "~/db/schema/inbox";
import { notificationDigests } from "~/db/schema/notifications";
import { INBOX_KINDS, type InboxKind } from "~/inbox/kinds";
import type { NotifiedSubmission } from "./message.server";

// D1 is the ledger of what was emailed: each submission's row says whether the shop has its email,
// how often sending was tried and why it last failed. Sending is claim, send, record: a claim is a
// conditional UPDATE that only one consumer can win, so two deliveries of one queue message (or a
// sweep's copy) never send twice at the same time (docs/decisions/030-notifications.md).

const tables = inboxTables;
type SubmissionTable = (typeof tables)[InboxKind];

/** What one attempt achieved: who has the message now, and what failed (nothing: delivered). */
export type SendResult = { sentTo: string[]; errors: string[] };

/** What a row keeps of an attempt's failures: none when delivered, else the errors, bounded. */
const lastErrorOf = ({ errors }: SendResult) => (errors.length === 0 ? null : errors.join("; ").slice(0, 500));

// A consumer that claimed a submission and then vanished (crashed, timed out) holds it this long;
// sending takes well under a second.
export const CLAIM_MS = 2 * 60_000;

// An email not sent this long after it was due is taken for lost, and the sweep (schedule.server.ts)
// enqueues it again. Longer than a claim, so an attempt in progress is never doubled.
export const SWEEP_GRACE_MS = 5 * 60_000;

// Spam is never emailed; should staff mark it "Not spam", the sweep sends it then, like any record
// whose email is overdue.
const claimable = (table: SubmissionTable, now: Date) =>
  and(
    isNull(table.notifiedAt),
    isNotNull(table.notifyDueAt),
    ne(table.status, "spam"),
    or(isNull(table.notifyClaimedUntil), lte(table.notifyClaimedUntil, now)),
  );

function claimIn(
  db: Database,
  table: typeof contactSubmissions,
  id: string,
  now: Date,
): Promise<ContactSubmission | undefined>;
function claimIn(
  db: Database,
  table: typeof serviceRequests,
  id: string,
  now: Date,
): Promise<ServiceRequest | undefined>;
async function claimIn(db: Database, table: SubmissionTable, id: string, now: Date) {
  const until = new Date(now.getTime() + CLAIM_MS);
  const [row] = await db
    .update(table)
    .set({
      notifyClaimedUntil: until,
      // Should this consumer vanish, the row is overdue the moment its claim lapses (due a grace
      // before it), so the first sweep after that sends it again, not the one after.
      notifyDueAt: new Date(until.getTime() - SWEEP_GRACE_MS),
      notifyAttempts: sql`${table.notifyAttempts} + 1`,
    })
    .where(and(eq(table.id, id), claimable(table, now)))
    .returning();
  return row;
}

/**
 * Claims a submission's email for one attempt: the row, if it is still unsent and nobody else is
 * sending it; nothing if it was sent, is being sent, predates notifications or no longer exists.
 */
export async function claimNotification(
  db: Database,
  form: InboxKind,
  id: string,
  now: Date,
): Promise<NotifiedSubmission | undefined> {
  switch (form) {
    case "contact": {
      const record = await claimIn(db, tables.contact, id, now);
      return record && { form, record };
    }
    case "serviceRequest": {
      const record = await claimIn(db, tables.serviceRequest, id, now);
      return record && { form, record };
    }
  }
}

/** Ends an attempt: delivered to everyone, or the error and when to try again. */
export async function recordNotification(
  db: Database,
  form: InboxKind,
  id: string,
  result: SendResult,
  { now, retryAt }: { now: Date; retryAt: Date },
): Promise<void> {
  const table = tables[form];
  const lastError = lastErrorOf(result);
  await db
    .update(table)
    .set({
      notifySentTo: result.sentTo,
      notifyClaimedUntil: null,
      notifiedAt: lastError === null ? now : null,
      notifyLastError: lastError,
      notifyDueAt: lastError === null ? null : retryAt,
    })
    .where(eq(table.id, id));
}

/**
 * The sweep: submissions whose email is overdue by `graceMs` (a lost queue message, a failed
 * enqueue, a message the queue gave up on) get a new due time and are returned to be enqueued.
 * Spam is left alone.
 */
export async function takeOverdueNotifications(
  db: Database,
  { now, graceMs, limit }: { now: Date; graceMs: number; limit: number },
): Promise<{ form: InboxKind; id: string }[]> {
  const overdueBefore = new Date(now.getTime() - graceMs);
  const nextDue = new Date(now.getTime() + graceMs);
  const taken: { form: InboxKind; id: string }[] = [];
  for (const form of INBOX_KINDS) {
    const table = tables[form];
    const overdue = db
      .select({ id: table.id })
      .from(table)
      .where(and(isNull(table.notifiedAt), lte(table.notifyDueAt, overdueBefore), ne(table.status, "spam")))
      .orderBy(table.notifyDueAt)
      .limit(limit);
    const rows = await db
      .update(table)
      .set({ notifyDueAt: nextDue })
      .where(inArray(table.id, overdue))
      .returning({ id: table.id });
    taken.push(...rows.map((row) => ({ form, id: row.id })));
  }
  return taken;
}

/** Claims the visitor's confirmation: true once per submission, so a visitor never gets two. */
export async function claimConfirmation(
  db: Database,
  form: InboxKind,
  id: string,
  now: Date,
): Promise<NotifiedSubmission | undefined> {
  switch (form) {
    case "contact": {
      const record = await claimConfirmationIn(db, tables.contact, id, now);
      return record && { form, record };
    }
    case "serviceRequest": {
      const record = await claimConfirmationIn(db, tables.serviceRequest, id, now);
      return record && { form, record };
    }
  }
}

function claimConfirmationIn(
  db: Database,
  table: typeof contactSubmissions,
  id: string,
  now: Date,
): Promise<ContactSubmission | undefined>;
function claimConfirmationIn(
  db: Database,
  table: typeof serviceRequests,
  id: string,
  now: Date,
): Promise<ServiceRequest | undefined>;
async function claimConfirmationIn(db: Database, table: SubmissionTable, id: string, now: Date) {
  const [row] = await db
    .update(table)
    .set({ confirmationSentAt: now })
    .where(and(eq(table.id, id), isNull(table.confirmationSentAt)))
    .returning();
  return row;
}

/** A confirmation that could not be sent is released, to be tried again. */
export async function releaseConfirmation(db: Database, form: InboxKind, id: string): Promise<void> {
  const table = tables[form];
  await db.update(table).set({ confirmationSentAt: null }).where(eq(table.id, id));
}

/** Claims the digest of one shop date: its row, unless it was sent or another consumer is sending it. */
export async function claimDigest(db: Database, shopDate: string, requestCount: number, now: Date) {
  const until = new Date(now.getTime() + CLAIM_MS);
  const [row] = await db
    .insert(notificationDigests)
    .values({ shopDate, requestCount, attempts: 1, claimedUntil: until })
    .onConflictDoUpdate({
      target: notificationDigests.shopDate,
      set: { requestCount, attempts: sql`${notificationDigests.attempts} + 1`, claimedUntil: until },
      setWhere: and(
        isNull(notificationDigests.sentAt),
        or(isNull(notificationDigests.claimedUntil), lte(notificationDigests.claimedUntil, now)),
      ),
    })
    .returning();
  return row;
}

export async function recordDigest(
  db: Database,
  shopDate: string,
  result: SendResult,
  now: Date,
  spamCount: number,
): Promise<void> {
  const lastError = lastErrorOf(result);
  await db
    .update(notificationDigests)
    .set({ sentTo: result.sentTo, claimedUntil: null, sentAt: lastError === null ? now : null, lastError, spamCount })
    .where(eq(notificationDigests.shopDate, shopDate));
}
