import { and, asc, desc, eq, getTableColumns, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { recordMessages, type RecordMessageRow } from "~/db/schema/replies";
import { users } from "~/db/schema/staff";
import { type InboxKind } from "~/records/kinds";
import { type AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../../audit/audit.server";
import { auditTarget } from "../../inbox/inbox.server";
import type { ConversationMessage, ReplyStatus } from "../messages";
import { defaultSubject } from "./reply-mail.server";
import { emailFailing } from "./failing-address.server";

// The conversation on a record: its messages as the page and the API show them, the subject the
// next reply takes, and "Handled" for a customer's answer that needs nothing more.

export const messages = recordMessages;
export const ofRecord = (kind: InboxKind, id: string) =>
  and(eq(messages.submissionKind, kind), eq(messages.submissionId, id));

function statusOf(row: Pick<RecordMessageRow, "direction" | "sentAt" | "lastError">): ReplyStatus | null {
  if (row.direction === "in") return null;
  if (row.sentAt) return "sent";
  return row.lastError ? "failing" : "sending";
}

type MessageRead = RecordMessageRow & { byName: string | null; customerEmail: string | null };

/**
 * Whether a message that came in is from the record's customer: its sender is the address the
 * customer gave. Anyone holding a reply's address or Message-ID can write into the conversation
 * (a forward, a colleague); their words are shown as someone else's.
 */
export const isFromCustomer = (from: string, customerEmail: string | null) =>
  customerEmail !== null && from.trim().toLowerCase() === customerEmail.trim().toLowerCase();

const toConversationMessage = (row: MessageRead): ConversationMessage => ({
  id: row.id,
  direction: row.direction,
  at: row.at,
  from: row.fromAddress,
  fromCustomer: row.direction === "in" && isFromCustomer(row.fromAddress, row.customerEmail),
  by: row.byName,
  subject: row.subject,
  text: row.body,
  automatic: row.automatic,
  bounce: row.bounce,
  attachments: row.attachments,
  status: statusOf(row),
});

/** A record's conversation, oldest first. */
export async function listMessages(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string) {
  const table = inboxTables[kind];
  const rows = await getDb(env)
    .select({
      ...getTableColumns(messages),
      byName: sql<string | null>`coalesce(${users.displayName}, ${messages.by})`,
      customerEmail: sql<string | null>`(select ${table.email} from ${table} where ${table.id} = ${id})`,
    })
    .from(messages)
    .leftJoin(users, eq(users.username, messages.by))
    .where(ofRecord(kind, id))
    .orderBy(asc(messages.at), asc(messages.id));
  return rows.map(toConversationMessage);
}

/** The subject of the conversation's last message written by a person (not an auto-reply or a bounce). */
export function lastSubjectQuery(db: Database, kind: InboxKind, id: string) {
  return db
    .select({ subject: messages.subject })
    .from(messages)
    .where(and(ofRecord(kind, id), eq(messages.automatic, false), eq(messages.bounce, false)))
    .orderBy(desc(messages.at))
    .limit(1);
}

/** The subject a new reply on this record gets unless staff write their own. */
export async function defaultReplySubject(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string): Promise<string> {
  const [last] = await lastSubjectQuery(getDb(env), kind, id);
  return defaultSubject(kind, last?.subject ?? null);
}

/** What the record page shows of the conversation: its messages, the next reply's subject, a failing address. */
export async function recordConversation(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string) {
  const messages = await listMessages(env, kind, id);
  const last = messages.findLast((message) => !message.automatic && !message.bounce);
  return { messages, subject: defaultSubject(kind, last?.subject ?? null), emailFailing: emailFailing(messages) };
}

/**
 * "Handled": the customer's answer needs nothing more (answered by phone, say). Clears the record's
 * "Replied" badge; audited. False for an unknown record.
 */
export async function markHandled(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string, acting: Acting) {
  const db = getDb(env);
  const table = inboxTables[kind];
  const [cleared] = await db.batch([
    db.update(table).set({ repliedAt: null }).where(eq(table.id, id)).returning({ id: table.id }),
    auditInsertIf(db, { ...acting, action: "record.handled", target: auditTarget(kind, id) }, AUDIT_IF_CHANGED),
  ]);
  return cleared.length > 0;
}
