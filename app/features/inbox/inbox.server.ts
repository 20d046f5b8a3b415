import { and, asc, desc, eq, getTableColumns, type SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { getDb, type Database } from "~/db/db.server";
import { type contactSubmissions, inboxTables, type serviceRequests, submissionStatusChanges } from "~/db/schema/inbox";
import { submissionActivity } from "~/db/schema/desk";
import { notificationLedger } from "~/db/schema/notifications";
import { recordMessages } from "~/db/schema/replies";
import { users } from "~/db/schema/staff";
import type { ActivityEntry } from "~/features/desk/desk";
import type { InboxKind } from "~/records/kinds";
import { withNotificationState, type WithNotificationState } from "~/features/inbox/notification";
import type { SubmissionStatus } from "~/records/statuses";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../audit/audit.server";
import { type Acting } from "../../http/staff-member.server";
import type { AppEnv } from "../../http/env.server";
import { forgetLedgerEntries } from "../notifications/notifications.server";
import {
  auditTarget,
  contactStatements,
  statusChangeStatements,
  whileRecordExists,
} from "./server/status-statements.server";

// The staff inbox's records: what one is, and the reads and writes of one record. The lists and
// the counts are in inbox-lists.server.ts and inbox-counts.server.ts. Callers are inside the staff
// gate (app/routes.ts). Every request's queries go to D1 as one batch: one round trip, however far
// the database is.

export type InboxTable = (typeof inboxTables)[InboxKind];

/** The database's own bookkeeping: the search text, which digest counted a spam record, the customer's keys. */
type Bookkeeping = "searchText" | "spamReportedIn" | "emailKey" | "phoneKey";

/** What the email ledger says of a record (docs/decisions/030-notifications.md), read with it. */
type LedgerState = { notifiedAt: Date | null; notifyAttempts: number | null; notifyLastError: string | null };

/** A record's row as the inbox reads it: every column but the bookkeeping, and its email's state. */
export type RowOf<Table extends InboxTable> = Omit<Table["$inferSelect"], Bookkeeping> & LedgerState;

/** A record as staff see it: what the visitor sent, when, where it stands, and whether the shop's
 * email went out (`notification`). A column a form gains shows up here and in the API by itself. */
type RecordOf<Table extends InboxTable> = WithNotificationState<RowOf<Table>>;
export type InboxRecord = RecordOf<typeof contactSubmissions> | RecordOf<typeof serviceRequests>;
export function toRecord<Row extends RowOf<InboxTable>>(row: Row) {
  return withNotificationState(row);
}

/** A change in a record's history: who by username, and by the name staff know them by. */
export type StatusChangeEntry = { status: SubmissionStatus; changedBy: string; changedByName: string; changedAt: Date };
/** The record with its status changes (newest first) and its call log (`activity`, oldest first). */
export type InboxRecordWithHistory = InboxRecord & { history: StatusChangeEntry[]; activity: ActivityEntry[] };

/**
 * One field of the record's ledger entry (null for a record from before emails), read as a
 * correlated subquery rather than a join: with a join SQLite can no longer stop early on a list's
 * `status IN (…) ORDER BY submitted_at LIMIT 26`, and sorts every matching row (367 ms against
 * 0.6 ms at 100,000 records, measured with the bench's database).
 */
function ledgerField<T>(kind: InboxKind, column: AnySQLiteColumn): SQL<T> {
  const ledger = notificationLedger;
  const record = inboxTables[kind];
  return sql<T>`(select ${column} from ${ledger} where ${ledger.submissionKind} = ${kind} and ${ledger.submissionId} = ${record.id})`.mapWith(
    column,
  ) as SQL<T>;
}

/** The ledger's columns under the keys `recordColumns` reads them as: how a raw row's values decode. */
export const ledgerColumns = {
  notifiedAt: notificationLedger.notifiedAt,
  notifyAttempts: notificationLedger.attempts,
  notifyLastError: notificationLedger.lastError,
} as const;

/** A record's own columns, without the bookkeeping or the ledger: what the CSV export reads. */
export type OwnRecord = Omit<
  (typeof contactSubmissions)["$inferSelect"] | (typeof serviceRequests)["$inferSelect"],
  Bookkeeping
>;

/** Every column but the bookkeeping. */
export function ownColumns<Kind extends InboxKind>(kind: Kind) {
  const {
    searchText: _searchText,
    spamReportedIn: _spamReportedIn,
    emailKey: _emailKey,
    phoneKey: _phoneKey,
    ...columns
  } = getTableColumns(inboxTables[kind]);
  return columns;
}

/** Every column but the bookkeeping, and the email ledger's state (`withNotificationState` folds it). */
export function recordColumns<Kind extends InboxKind>(kind: Kind) {
  return {
    ...ownColumns(kind),
    notifiedAt: ledgerField<Date | null>(kind, notificationLedger.notifiedAt),
    notifyAttempts: ledgerField<number | null>(kind, notificationLedger.attempts),
    notifyLastError: ledgerField<string | null>(kind, notificationLedger.lastError),
  };
}

// ------------------------------------------------------------------------------------------------
// One record: read, change its status, delete.

function historyQuery(db: Database, kind: InboxKind, id: string) {
  const changes = submissionStatusChanges;
  return db
    .select({
      status: changes.status,
      changedBy: changes.changedBy,
      // The member's display name as it is now; the username when there is none (or no account).
      changedByName: sql<string>`coalesce(${users.displayName}, ${changes.changedBy})`.as("changed_by_name"),
      changedAt: changes.changedAt,
    })
    .from(changes)
    .leftJoin(users, eq(users.username, changes.changedBy))
    .where(and(eq(changes.submissionKind, kind), eq(changes.submissionId, id)))
    .orderBy(desc(changes.changedAt), desc(changes.id));
}

function activityQuery(db: Database, kind: InboxKind, id: string) {
  const log = submissionActivity;
  return db
    .select({
      type: log.type,
      outcome: log.outcome,
      note: log.note,
      by: sql<string>`coalesce(${users.displayName}, ${log.by})`.as("by_name"),
      at: log.at,
    })
    .from(log)
    .leftJoin(users, eq(users.username, log.by))
    .where(and(eq(log.submissionKind, kind), eq(log.submissionId, id)))
    .orderBy(asc(log.at), asc(log.id));
}

type ActivityRead = Awaited<ReturnType<typeof activityQuery>>[number];

/** A log entry as the API shows it: no `outcome` or `note` keys where there is none. */
const toActivityEntry = ({ type, outcome, note, by, at }: ActivityRead): ActivityEntry => ({
  type,
  ...(outcome ? { outcome } : {}),
  ...(note ? { note } : {}),
  by,
  at,
});

/**
 * The three reads of one record (its row, its status history, its call log), for a D1 batch that
 * writes first and reads after (the call-back desk's writes in app/features/desk/server/); `recordFrom` puts
 * their rows together.
 */
export function recordReads(db: Database, kind: InboxKind, id: string) {
  const table = inboxTables[kind];
  return [
    db.select(recordColumns(kind)).from(table).where(eq(table.id, id)).limit(1),
    historyQuery(db, kind, id),
    activityQuery(db, kind, id),
  ] as const;
}

export function recordFrom(
  rows: RowOf<InboxTable>[],
  history: StatusChangeEntry[],
  activity: ActivityRead[],
): InboxRecordWithHistory | null {
  const [record] = rows;
  return record ? { ...toRecord(record), history, activity: activity.map(toActivityEntry) } : null;
}

/** The record with its status history (newest change first) and call log, or null for an unknown id. */
export async function getRecord(env: AppEnv, kind: InboxKind, id: string): Promise<InboxRecordWithHistory | null> {
  const db = getDb(env);
  const [rows, history, activity] = await db.batch(recordReads(db, kind, id));
  return recordFrom(rows, history, activity);
}

/**
 * The one way a status changes (the inbox card, the record page and PATCH on the API): sets it,
 * keeps the change in the history with the staff member's username and in the audit log, and
 * returns the record as it now is, or null for an unknown id. Setting the status a record
 * already has changes nothing and records nothing.
 * Spam carries a reason (kept if it already was spam, "staff" otherwise); other statuses none.
 */
export async function changeStatus(
  env: AppEnv,
  kind: InboxKind,
  id: string,
  status: SubmissionStatus,
  acting: Acting,
): Promise<InboxRecordWithHistory | null> {
  const db = getDb(env);
  const [, , , updated, history, activity] = await db.batch([
    ...statusChangeStatements(db, kind, id, status, acting),
    db.select(recordColumns(kind)).from(inboxTables[kind]).where(eq(inboxTables[kind].id, id)).limit(1),
    historyQuery(db, kind, id),
    activityQuery(db, kind, id),
  ]);
  return recordFrom(updated, history, activity);
}

// A status change and a contact as statements for the batch that records them, and how the audit
// log names a record.
export { auditTarget, contactStatements, statusChangeStatements, whileRecordExists };

/**
 * Deletes the record and its history for good (a visitor asked to be forgotten); false if unknown.
 * The audit entry names the record by its id only: nothing of the visitor stays behind.
 */
export async function deleteRecord(env: AppEnv, kind: InboxKind, id: string, acting: Acting): Promise<boolean> {
  const db = getDb(env);
  const table = inboxTables[kind];
  const changes = submissionStatusChanges;
  const log = submissionActivity;
  const [, , , deleted] = await db.batch([
    db.delete(changes).where(and(eq(changes.submissionKind, kind), eq(changes.submissionId, id))),
    db.delete(log).where(and(eq(log.submissionKind, kind), eq(log.submissionId, id))),
    // The conversation (app/features/replies/): the customer's emails and the replies go too.
    db.delete(recordMessages).where(and(eq(recordMessages.submissionKind, kind), eq(recordMessages.submissionId, id))),
    db.delete(table).where(eq(table.id, id)).returning({ id: table.id }),
    auditInsertIf(db, { ...acting, action: "record.delete", target: auditTarget(kind, id) }, AUDIT_IF_CHANGED),
    forgetLedgerEntries(db, kind, [id]),
  ]);
  return deleted.length > 0;
}
