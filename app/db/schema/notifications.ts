import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { recordKey, timestampMs } from "./columns";

// The ledger of the shop's email about each record (app/features/notifications/server/ledger.server.ts,
// docs/decisions/030-notifications.md), one row per record, keyed by its kind and id. Records stored
// before notifications existed have no due time and are never sent. Deleted with the record.
export const notificationLedger = sqliteTable(
  "notification_ledger",
  {
    ...recordKey(),
    // When the next attempt should have happened: the sweep re-enqueues what is overdue.
    dueAt: timestampMs("due_at"),
    // When every configured recipient had the email (null: not yet).
    notifiedAt: timestampMs("notified_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // A consumer is sending until then; no other may claim it meanwhile.
    claimedUntil: timestampMs("claimed_until"),
    // The recipients who have it already, so a retry after a partial failure skips them.
    sentTo: text("sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
    // The visitor's optional confirmation (CONFIRM_VISITOR): when it was sent (rows from before
    // migration 0037: when it was claimed).
    confirmationSentAt: timestampMs("confirmation_sent_at"),
    // A consumer is sending the confirmation until then; a lapsed claim is swept and sent again.
    confirmationClaimedUntil: timestampMs("confirmation_claimed_until"),
  },
  (table) => [
    primaryKey({ columns: [table.submissionKind, table.submissionId] }),
    // The sweep reads the unsent entries by due time: an index of those only, small whatever the size.
    index("notification_ledger_unsent_idx")
      .on(table.dueAt)
      .where(sql`${table.notifiedAt} is null`),
    // The sweep reads the confirmations claimed and unsent: only those are in this index.
    index("notification_ledger_unconfirmed_idx")
      .on(table.confirmationClaimedUntil)
      .where(sql`${table.confirmationSentAt} is null and ${table.confirmationClaimedUntil} is not null`),
  ],
);

export type LedgerEntry = typeof notificationLedger.$inferSelect;

// One morning digest per shop date (app/features/notifications/server/digest.server.ts): claimed, then sent once.
export const notificationDigests = sqliteTable("notification_digests", {
  shopDate: text("shop_date").primaryKey(),
  requestCount: integer("request_count").notNull(),
  // Records kept aside as spam since the digest before, counted in this one.
  spamCount: integer("spam_count").notNull().default(0),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  claimedUntil: timestampMs("claimed_until"),
  sentTo: text("sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
  sentAt: timestampMs("sent_at"),
});
