import { integer, text } from "drizzle-orm/sqlite-core";
import { sqliteTable } from "drizzle-orm/sqlite-core";
import { timestampMs } from "./columns";

// The shop's email about each submission (app/server/notifications/, docs/decisions/030-notifications.md).
// Rows stored before notifications existed have no due time and are never sent.
export const notificationColumns = () => ({
  // When every configured recipient had the email (null: not yet).
  notifiedAt: timestampMs("notified_at"),
  notifyAttempts: integer("notify_attempts").notNull().default(0),
  notifyLastError: text("notify_last_error"),
  // When the next attempt should have happened: the sweep re-enqueues what is overdue.
  notifyDueAt: timestampMs("notify_due_at").$defaultFn(() => new Date()),
  // A consumer is sending until then; no other may claim it meanwhile.
  notifyClaimedUntil: timestampMs("notify_claimed_until"),
  // The recipients who have it already, so a retry after a partial failure skips them.
  notifySentTo: text("notify_sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
  // The visitor's optional confirmation (CONFIRM_VISITOR): set when claimed, at most once.
  confirmationSentAt: timestampMs("confirmation_sent_at"),
});

// One morning digest per shop date (app/server/notifications/digest.server.ts): claimed, then sent once.
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
