import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { recordKey, timestampMs } from "./columns";

// The conversation on a record (app/features/replies/, docs/decisions/041-reply-address-and-threading.md):
// each reply staff send from the record and each email that comes back, oldest first by `at`. A
// reply sent is also its own ledger entry (due, claimed, sent, failing), as notification_ledger is
// for the shop's emails (decision 030). Deleted with the record. Not a foreign key: the kind names
// the table.
export const recordMessages = sqliteTable(
  "record_messages",
  {
    id: text("id").primaryKey(),
    ...recordKey(),
    direction: text("direction", { enum: ["out", "in"] }).notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    // A reply: the member's username (pages show the display name). Null for a message that came in.
    by: text("by"),
    // The sender's address (the shop's for a reply, the customer's as the envelope says for one that came in).
    fromAddress: text("from_address").notNull(),
    // Where a reply went.
    toAddress: text("to_address"),
    subject: text("subject").notNull(),
    // The text: what staff wrote, or what came in with the quoted history trimmed.
    body: text("body").notNull(),
    // The RFC 5322 Message-ID without its angle brackets: ours for a reply (threading by headers
    // finds the record by it), the sender's for a message that came in.
    messageId: text("message_id"),
    // An out-of-office, an auto-reply, a list: kept, but not the customer answering.
    automatic: integer("automatic", { mode: "boolean" }).notNull().default(false),
    // A delivery status report (a bounce): the record's address is failing.
    bounce: integer("bounce", { mode: "boolean" }).notNull().default(false),
    // What came attached, listed only: [{ name, type, size }].
    attachments: text("attachments", { mode: "json" })
      .$type<{ name: string; type: string; size: number }[]>()
      .notNull()
      .default([]),
    // The email this message causes, as the notification ledger keeps it: a reply to the customer,
    // or for a customer's answer the notice to staff. Due (the sweep re-enqueues what is overdue),
    // claimed by one consumer, sent, or the last error; an automatic message causes none.
    dueAt: timestampMs("due_at"),
    claimedUntil: timestampMs("claimed_until"),
    sentAt: timestampMs("sent_at"),
    attempts: integer("attempts").notNull().default(0),
    lastError: text("last_error"),
    // A reply's Message-ID as the mail platform's send() reported it, when it wrote its own in
    // place of ours (the local runtime does): a mail client answers that one (migration 0034).
    sentMessageId: text("sent_message_id"),
  },
  (table) => [
    check("record_messages_direction_check", sql`${table.direction} in ('out', 'in')`),
    index("record_messages_record_idx").on(table.submissionKind, table.submissionId, table.at),
    // Threading by In-Reply-To / References: a Message-ID the shop sent.
    index("record_messages_message_id_idx")
      .on(table.messageId)
      .where(sql`${table.direction} = 'out'`),
    index("record_messages_sent_message_id_idx")
      .on(table.sentMessageId)
      .where(sql`${table.sentMessageId} is not null`),
    // The sweep: emails not yet sent (a reply, or staff's notice of an answer), by due time.
    index("record_messages_unsent_idx")
      .on(table.dueAt)
      .where(sql`${table.dueAt} is not null and ${table.sentAt} is null`),
  ],
);

export type RecordMessageRow = typeof recordMessages.$inferSelect;

// Reply templates (migration 0033, docs/decisions/052-reply-templates.md): owners keep them on
// Settings; staff pick one on a record and the server fills its {placeholders} from the record.
// Names are unique whatever their letter case.
export const replyTemplates = sqliteTable(
  "reply_templates",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    subject: text("subject").notNull(),
    body: text("body").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  (table) => [uniqueIndex("reply_templates_name_unique").on(sql`lower(${table.name})`)],
);
export type ReplyTemplateRow = typeof replyTemplates.$inferSelect;
