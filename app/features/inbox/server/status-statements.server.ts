import { and, eq, type SQL, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import type { Database } from "~/db/db.server";
import { inboxTables, submissionStatusChanges } from "~/db/schema/inbox";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import type { SpamReason, SubmissionStatus } from "~/records/statuses";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../../audit/audit.server";
import type { Acting } from "../../../http/staff-member.server";

/**
 * A status change as three statements for a batch (the desk's PATCH runs them with its own, one
 * batch): the history entry, only for a real change (its `returning` says whether there was one),
 * its audit entry when there was, then the record. Dated by the request's clock, as the first
 * contact is (decision 012); `condition` holds them all back (an assignee who is not a member).
 */
export function statusChangeStatements(
  db: Database,
  kind: InboxKind,
  id: string,
  status: SubmissionStatus,
  acting: Acting,
  condition: SQL = sql`1 = 1`,
) {
  const table = inboxTables[kind];
  const staffReason: SpamReason = "staff";
  return [
    // First, while the old status can still be compared: a history entry only for a real change.
    historyInsert(db, kind, id, status, acting, and(sql`${table.status} <> ${status}`, condition)),
    // The entry, made when the history entry above was: a real change.
    auditInsertIf(
      db,
      { ...acting, action: "record.status", target: auditTarget(kind, id), detail: { status } },
      AUDIT_IF_CHANGED,
    ),
    db
      .update(table)
      .set({
        status,
        spamReason: status === "spam" ? sql`coalesce(${table.spamReason}, ${staffReason})` : null,
        // The first contact, kept once (the 24-hour promise is measured from it; decision 037).
        ...(status === "contacted"
          ? { firstContactAt: sql`coalesce(${table.firstContactAt}, ${acting.at.getTime()})` }
          : {}),
      })
      .where(and(eq(table.id, id), condition)),
  ] as const;
}

/**
 * A contact with the customer (a call that reached them, an email, a reply, a booking) as three
 * statements for the batch that records it: a `new` record becomes `contacted` (with its history
 * and audit entries), the first contact is kept once (decision 037), and an answer from the
 * customer waiting on staff is answered (app/features/replies/). `condition` holds all three back:
 * the contact's own row was not written, or it does not count as contact.
 */
export function contactStatements(db: Database, kind: InboxKind, id: string, acting: Acting, condition: SQL) {
  const table = inboxTables[kind];
  const at = acting.at.getTime();
  return [
    historyInsert(db, kind, id, "contacted", acting, and(eq(table.status, "new"), condition)),
    auditInsertIf(
      db,
      { ...acting, action: "record.status", target: auditTarget(kind, id), detail: { status: "contacted" } },
      AUDIT_IF_CHANGED,
    ),
    db
      .update(table)
      .set({
        status: sql`case when ${table.status} = 'new' then 'contacted' else ${table.status} end`,
        firstContactAt: sql`coalesce(${table.firstContactAt}, ${at})`,
        repliedAt: null,
      })
      .where(and(eq(table.id, id), condition)),
  ] as const;
}

/** The history entry of a status change to `status`, made only where `where` holds; returns its id. */
function historyInsert(
  db: Database,
  kind: InboxKind,
  id: string,
  status: SubmissionStatus,
  acting: Acting,
  where: SQL | undefined,
) {
  const changes = submissionStatusChanges;
  return insertIf(
    db,
    changes,
    {
      submissionKind: kind,
      submissionId: id,
      status,
      changedBy: acting.actor?.name ?? "",
      changedAt: acting.at,
    },
    whileRecordExists(kind, id, where),
  ).returning({ id: changes.id });
}

/** The condition of a write about a record (its history, its call log): the record exists, and `where` holds. */
export function whileRecordExists(kind: InboxKind, id: string, where?: SQL) {
  const table = inboxTables[kind];
  return sql`exists (select 1 from ${table} where ${and(eq(table.id, id), where)})`;
}

/** How the audit log names a record: its address below /incoming. */
export const auditTarget = (kind: InboxKind, id: string) => `${inboxKinds[kind].slug}/${id}`;
