import { and, eq, inArray, isNotNull, isNull, lte, type SQL, sql } from "drizzle-orm";
import type { SQLiteColumn, SQLiteUpdateSetSource } from "drizzle-orm/sqlite-core";
import type { Database } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { notificationDigests, notificationLedger } from "~/db/schema/notifications";
import { INBOX_KINDS, type InboxKind } from "~/records/kinds";
import { CLAIM_MS, claimColumns, unclaimedAt } from "~/mail/send-claim.server";
import type { SendResult } from "~/mail/send.server";
import type { NotifiedSubmission } from "./message.server";

// D1 is the ledger of what was emailed: each record's entry in notification_ledger says whether the
// shop has its email, how often sending was tried and why it last failed. Sending is claim, send,
// record: a claim is a conditional UPDATE that only one consumer can win, so two deliveries of one
// queue message (or a sweep's copy) never send twice at the same time (docs/decisions/030-notifications.md).

const ledger = notificationLedger;

/** What an entry keeps of an attempt's failures: none when delivered, else the errors, bounded. */
const lastErrorOf = ({ errors }: SendResult) => (errors.length === 0 ? null : errors.join("; ").slice(0, 500));

const entryOf = (form: InboxKind, id: string) => and(eq(ledger.submissionKind, form), eq(ledger.submissionId, id));

// Spam is never emailed; should staff mark it "Not spam", the sweep sends it then, like any record
// whose email is overdue. `receivedAfter`: only a record received since then.
const notSpam = (form: InboxKind, receivedAfter?: Date) => {
  const table = inboxTables[form];
  const recent = receivedAfter ? sql` and ${table.submittedAt} >= ${receivedAfter.getTime()}` : sql``;
  return sql`exists (select 1 from ${table} where ${table.id} = ${ledger.submissionId} and ${table.status} <> 'spam'${recent})`;
};

/** The record an entry is about, with what the ledger says: the email's recipients so far. */
async function recordOf(
  db: Database,
  form: InboxKind,
  id: string,
  sentTo: string[],
): Promise<ClaimedNotification | undefined> {
  switch (form) {
    case "contact": {
      const [record] = await db.select().from(inboxTables.contact).where(eq(inboxTables.contact.id, id));
      return record && { form, record, sentTo };
    }
    case "serviceRequest": {
      const [record] = await db.select().from(inboxTables.serviceRequest).where(eq(inboxTables.serviceRequest.id, id));
      return record && { form, record, sentTo };
    }
  }
}

/** A claimed record to email, and who has its email already. */
export type ClaimedNotification = NotifiedSubmission & { sentTo: string[] };

/** Sets `claim` on a record's entry where `condition` holds: the record if it did, else nothing. */
async function claimEntry(
  db: Database,
  form: InboxKind,
  id: string,
  claim: SQLiteUpdateSetSource<typeof ledger>,
  condition: SQL | undefined,
): Promise<ClaimedNotification | undefined> {
  const [entry] = await db
    .update(ledger)
    .set(claim)
    .where(and(entryOf(form, id), condition))
    .returning({ sentTo: ledger.sentTo });
  return entry && recordOf(db, form, id, entry.sentTo);
}

/**
 * Claims a record's email for one attempt: the record, if it is still unsent and nobody else is
 * sending it; nothing if it was sent, is being sent, predates notifications or no longer exists.
 */
export async function claimNotification(
  db: Database,
  form: InboxKind,
  id: string,
  now: Date,
): Promise<ClaimedNotification | undefined> {
  const unsent = and(isNull(ledger.notifiedAt), isNotNull(ledger.dueAt), notSpam(form));
  return claimEntry(
    db,
    form,
    id,
    claimColumns(ledger.attempts, now),
    and(unsent, unclaimedAt(ledger.claimedUntil, now)),
  );
}

/** Ends an attempt: delivered to everyone, or the error and when to try again. */
export async function recordNotification(
  db: Database,
  form: InboxKind,
  id: string,
  result: SendResult,
  { now, retryAt }: { now: Date; retryAt: Date },
): Promise<void> {
  const lastError = lastErrorOf(result);
  await db
    .update(ledger)
    .set({
      sentTo: result.sentTo,
      claimedUntil: null,
      notifiedAt: lastError === null ? now : null,
      lastError,
      dueAt: lastError === null ? null : retryAt,
    })
    .where(entryOf(form, id));
}

/**
 * A sweep's batch, kind by kind: up to `limit` entries where `where` holds, the `oldest` first, each
 * set to `mark` in one statement (so two sweeps never take the same entry); the entries taken.
 */
async function takeEntries(
  db: Database,
  {
    where,
    oldest,
    limit,
    mark,
  }: {
    where: (form: InboxKind) => SQL | undefined;
    oldest: SQLiteColumn;
    limit: number;
    mark: SQLiteUpdateSetSource<typeof ledger>;
  },
): Promise<{ form: InboxKind; id: string }[]> {
  const taken: { form: InboxKind; id: string }[] = [];
  for (const form of INBOX_KINDS) {
    const entries = db
      .select({ id: ledger.submissionId })
      .from(ledger)
      .where(and(eq(ledger.submissionKind, form), where(form)))
      .orderBy(oldest)
      .limit(limit);
    const rows = await db
      .update(ledger)
      .set(mark)
      .where(and(eq(ledger.submissionKind, form), inArray(ledger.submissionId, entries)))
      .returning({ id: ledger.submissionId });
    taken.push(...rows.map((row) => ({ form, id: row.id })));
  }
  return taken;
}

/**
 * The sweep: records whose email is overdue by `graceMs` (a lost queue message, a failed enqueue,
 * a message the queue gave up on) get a new due time and are returned to be enqueued. Spam is left alone.
 */
export async function takeOverdueNotifications(
  db: Database,
  { now, graceMs, limit }: { now: Date; graceMs: number; limit: number },
): Promise<{ form: InboxKind; id: string }[]> {
  const overdueBefore = new Date(now.getTime() - graceMs);
  return takeEntries(db, {
    where: (form) => and(isNull(ledger.notifiedAt), lte(ledger.dueAt, overdueBefore), notSpam(form)),
    oldest: ledger.dueAt,
    limit,
    mark: { dueAt: new Date(now.getTime() + graceMs) },
  });
}

/**
 * Claims the visitor's confirmation for one attempt: the record, unless it was sent or another
 * consumer holds it. A claim lapses after CLAIM_MS: a consumer that died holding it does not keep
 * it from being sent (the sweep, takeLapsedConfirmations, enqueues it again).
 */
export async function claimConfirmation(
  db: Database,
  form: InboxKind,
  id: string,
  now: Date,
): Promise<NotifiedSubmission | undefined> {
  return claimEntry(
    db,
    form,
    id,
    { confirmationClaimedUntil: new Date(now.getTime() + CLAIM_MS) },
    and(isNull(ledger.confirmationSentAt), unclaimedAt(ledger.confirmationClaimedUntil, now)),
  );
}

/** Ends a confirmation's attempt: sent, or released (lapsed at once) to be tried again. */
export async function recordConfirmation(
  db: Database,
  form: InboxKind,
  id: string,
  { sent, now }: { sent: boolean; now: Date },
): Promise<void> {
  await db
    .update(ledger)
    .set(sent ? { confirmationSentAt: now, confirmationClaimedUntil: null } : { confirmationClaimedUntil: now })
    .where(entryOf(form, id));
}

/**
 * The sweep's confirmations: claimed, unsent, the claim lapsed (its consumer died, or its last
 * attempt failed), for a record received within `maxAgeMs` (a confirmation later than that says
 * nothing the visitor needs) and not spam. A claim held is never doubled: it is an attempt in
 * progress. Each is marked taken (its claim lapsing now again) and returned to be enqueued.
 */
export async function takeLapsedConfirmations(
  db: Database,
  { now, maxAgeMs, limit }: { now: Date; maxAgeMs: number; limit: number },
): Promise<{ form: InboxKind; id: string }[]> {
  const receivedAfter = new Date(now.getTime() - maxAgeMs);
  return takeEntries(db, {
    where: (form) =>
      and(isNull(ledger.confirmationSentAt), lte(ledger.confirmationClaimedUntil, now), notSpam(form, receivedAfter)),
    oldest: ledger.confirmationClaimedUntil,
    limit,
    mark: { confirmationClaimedUntil: now },
  });
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
      setWhere: and(isNull(notificationDigests.sentAt), unclaimedAt(notificationDigests.claimedUntil, now)),
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
