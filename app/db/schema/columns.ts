import { sql } from "drizzle-orm";
import { check, index, integer, text, type AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import { INBOX_KINDS } from "../../records/kinds";

// The column helpers every table file uses. Relative imports only in app/db/schema/: drizzle-kit
// reads these files without the app's path aliases.
export const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

// Milliseconds since the epoch, set by the database so every writer agrees on "now".
export const submittedAt = () =>
  integer("submitted_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

export const timestampMs = (name: string) => integer(name, { mode: "timestamp_ms" });

export const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

/** The database refuses any value of `column` but these (a status, a choice's values). */
export const oneOf = (table: string, column: string, values: readonly string[]) =>
  check(`${table}_${column}_check`, sql`${sql.raw(column)} in (${inList(values)})`);

/**
 * The record a row is about (a status change, a call, an email, a message): its kind and its id.
 * Not a foreign key: the kind names the table, and whoever deletes a record deletes these rows too.
 */
export const recordKey = () => ({
  submissionKind: text("submission_kind", { enum: INBOX_KINDS }).notNull(),
  submissionId: text("submission_id").notNull(),
});

/**
 * An email row sent through the notification queue: due, claimed by one consumer, sent, or the last
 * error (claim, send, record: app/mail/send-claim.server.ts). Spread into the table's columns.
 */
export const emailDelivery = () => ({
  dueAt: timestampMs("due_at").notNull(),
  sentAt: timestampMs("sent_at"),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  claimedUntil: timestampMs("claimed_until"),
});

/** The sweep reads the unsent emails by due time: an index of those only, small whatever the size. */
export const unsentEmailIndex = (table: string, columns: { dueAt: AnySQLiteColumn; sentAt: AnySQLiteColumn }) =>
  index(`${table}_unsent_idx`)
    .on(columns.dueAt)
    .where(sql`${columns.sentAt} is null`);
