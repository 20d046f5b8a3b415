import { and, asc, desc, eq, getTableColumns, inArray, isNull, lte, or, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { submissionActivity } from "~/db/schema/desk";
import { inboxTables, submissionStatusChanges } from "~/db/schema/inbox";
import { recordMessages, type RecordMessageRow } from "~/db/schema/replies";
import { users } from "~/db/schema/staff";
import type { ActivityType, CallOutcome } from "~/desk/activity";
import { z } from "~/forms/zod";
import { inboxKinds, type InboxKind } from "~/inbox/kinds";
import type { SubmissionStatus } from "~/inbox/statuses";
import { auditInsert } from "~/server/audit/audit-log.server";
import { type AppEnv, isMailAddress } from "~/server/http/env.server";
import type { Acting } from "~/server/http/staff-member.server";
import type { OutgoingMail } from "~/server/mail/mime.server";
import type { ConversationMessage, ReplyInput, ReplyStatus } from "./messages";
import { defaultSubject, replyMail, replyMessageId } from "./server/reply-mail.server";

// Replies from the record (issue 29, docs/decisions/041-reply-address-and-threading.md): what the
// rest of the Worker asks of this feature. A reply is stored with its own sending state and counts
// as contact in the same D1 batch (first contact, `contacted`, the desk's log), then goes through
// the notification queue (a `reply` job) to the send_email binding: claimed, sent, recorded, as
// the shop's emails are (decision 030). What the queue loses, the sweep finds unsent in D1.

export type ReplyEnv = Pick<AppEnv, "DB" | "NOTIFY_QUEUE" | "NOTIFY_FROM" | "REPLY_DOMAIN" | "SESSION_SECRET">;

/** The queue's job for one reply: its id only, so a retry sends what D1 holds. */
export const replyJobSchema = z.object({ type: z.literal("reply"), id: z.string().min(1).max(64) });
export type ReplyJob = z.infer<typeof replyJobSchema>;

// As the notification ledger's (app/server/notifications/ledger.server.ts): a claim lapses after
// two minutes; a reply still unsent five minutes after it was due is taken for lost and sent again.
const CLAIM_MS = 2 * 60_000;
const SWEEP_GRACE_MS = 5 * 60_000;
const SWEEP_LIMIT = 100;

const messages = recordMessages;
const ofRecord = (kind: InboxKind, id: string) => and(eq(messages.submissionKind, kind), eq(messages.submissionId, id));

function statusOf(row: Pick<RecordMessageRow, "direction" | "sentAt" | "lastError">): ReplyStatus | null {
  if (row.direction === "in") return null;
  if (row.sentAt) return "sent";
  return row.lastError ? "failing" : "sending";
}

type MessageRead = RecordMessageRow & { byName: string | null };

const toConversationMessage = (row: MessageRead): ConversationMessage => ({
  id: row.id,
  direction: row.direction,
  at: row.at,
  from: row.fromAddress,
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
  const rows = await getDb(env)
    .select({
      ...getTableColumns(messages),
      byName: sql<string | null>`coalesce(${users.displayName}, ${messages.by})`,
    })
    .from(messages)
    .leftJoin(users, eq(users.username, messages.by))
    .where(ofRecord(kind, id))
    .orderBy(asc(messages.at), asc(messages.id));
  return rows.map(toConversationMessage);
}

/** The subject of the conversation's last message written by a person (not an auto-reply or a bounce). */
function lastSubjectQuery(db: Database, kind: InboxKind, id: string) {
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

export type SendReplyResult =
  | { ok: true; message: ConversationMessage }
  | { ok: false; reason: "missing" }
  | { ok: false; reason: "no-email"; phone: string };

/**
 * Stores a reply to the record's customer and queues it. In the same batch it counts as contact:
 * an entry in the desk's log, the first contact if there was none, and a `new` record `contacted`
 * with its history entry; the audit log has it. Unknown record: missing; an address that cannot
 * be written into a header (none the forms took would be): no-email, with the phone to call.
 */
export async function sendReply(
  env: ReplyEnv,
  kind: InboxKind,
  id: string,
  input: ReplyInput,
  acting: Acting,
): Promise<SendReplyResult> {
  const db = getDb(env);
  const table = inboxTables[kind];
  const [records, last] = await db.batch([
    db.select({ email: table.email, phone: table.phone }).from(table).where(eq(table.id, id)).limit(1),
    lastSubjectQuery(db, kind, id),
  ]);
  const [record] = records;
  if (!record) return { ok: false, reason: "missing" };
  const to = record.email.trim();
  if (!isMailAddress(to)) return { ok: false, reason: "no-email", phone: record.phone };

  const messageUuid = crypto.randomUUID();
  const at = acting.at;
  const by = acting.actor?.name ?? "";
  const subject = input.subject ?? defaultSubject(kind, last[0]?.subject ?? null);
  const log = submissionActivity;
  const changes = submissionStatusChanges;
  const [stored, , marked] = await db.batch([
    db
      .insert(messages)
      .select(
        db
          .select({
            id: sql<string>`${messageUuid}`.as("id"),
            submissionKind: sql<InboxKind>`${kind}`.as("submission_kind"),
            submissionId: table.id,
            direction: sql<"out">`'out'`.as("direction"),
            at: sql<Date>`${at.getTime()}`.as("at"),
            by: sql<string>`${by}`.as("by"),
            fromAddress: sql<string>`${env.NOTIFY_FROM}`.as("from_address"),
            toAddress: sql<string>`${to}`.as("to_address"),
            subject: sql<string>`${subject}`.as("subject"),
            body: sql<string>`${input.body}`.as("body"),
            messageId: sql<string>`${replyMessageId(env, messageUuid)}`.as("message_id"),
            automatic: sql<boolean>`0`.as("automatic"),
            bounce: sql<boolean>`0`.as("bounce"),
            attachments: sql<string>`'[]'`.as("attachments"),
            dueAt: sql<Date>`${at.getTime()}`.as("due_at"),
            claimedUntil: sql<Date | null>`null`.as("claimed_until"),
            sentAt: sql<Date | null>`null`.as("sent_at"),
            attempts: sql<number>`0`.as("attempts"),
            lastError: sql<string | null>`null`.as("last_error"),
          })
          .from(table)
          .where(eq(table.id, id)),
      )
      .returning({ id: messages.id }),
    db.insert(log).select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          submissionKind: sql<InboxKind>`${kind}`.as("submission_kind"),
          submissionId: table.id,
          type: sql<ActivityType>`'email'`.as("type"),
          outcome: sql<CallOutcome | null>`null`.as("outcome"),
          note: sql<string>`${`Replied from the record: ${subject}`}`.as("note"),
          by: sql<string>`${by}`.as("by"),
          at: sql<Date>`${at.getTime()}`.as("at"),
        })
        .from(table)
        .where(eq(table.id, id)),
    ),
    // Before the update, while the old status can still be read: one history entry for the change.
    db
      .insert(changes)
      .select(
        db
          .select({
            id: sql<number>`null`.as("id"),
            submissionKind: sql<InboxKind>`${kind}`.as("submission_kind"),
            submissionId: table.id,
            status: sql<SubmissionStatus>`'contacted'`.as("status"),
            changedBy: sql<string>`${by}`.as("changed_by"),
            changedAt: sql<Date>`${at.getTime()}`.as("changed_at"),
          })
          .from(table)
          .where(and(eq(table.id, id), eq(table.status, "new"))),
      )
      .returning({ id: changes.id }),
    db
      .update(table)
      .set({
        status: sql`case when ${table.status} = 'new' then 'contacted' else ${table.status} end`,
        firstContactAt: sql`coalesce(${table.firstContactAt}, ${at.getTime()})`,
      })
      .where(eq(table.id, id)),
  ]);
  // Deleted between the two batches: nothing was stored.
  if (stored.length === 0) return { ok: false, reason: "missing" };
  const target = `${inboxKinds[kind].slug}/${id}`;
  await db.batch([
    auditInsert(db, { ...acting, action: "record.reply", target }),
    ...(marked.length > 0
      ? [auditInsert(db, { ...acting, action: "record.status", target, detail: { status: "contacted" } })]
      : []),
  ]);
  await enqueueReply(env, messageUuid);
  const [message] = (await listMessages(env, kind, id)).filter((each) => each.id === messageUuid);
  if (!message) return { ok: false, reason: "missing" };
  return { ok: true, message };
}

/** Queues a reply's job; a failure here is only logged, since the sweep sends what D1 holds unsent. */
async function enqueueReply(env: Pick<AppEnv, "NOTIFY_QUEUE">, id: string) {
  try {
    await env.NOTIFY_QUEUE.send({ type: "reply", id } satisfies ReplyJob);
  } catch (error) {
    console.error("A reply could not be queued; the sweep will send it", { id, error });
  }
}

/** What one attempt to send achieved (as the notification ledger's SendResult). */
type SendResult = { sentTo: string[]; errors: string[] };

/**
 * The queue consumer's part: claims the reply (one consumer at a time, never once it was sent),
 * sends it with `send`, and records the outcome. Returns the errors, if any, for the queue to retry.
 */
export async function deliverReply(
  env: Pick<AppEnv, "DB" | "NOTIFY_FROM" | "REPLY_DOMAIN" | "SESSION_SECRET">,
  job: ReplyJob,
  clock: { now: Date; retryAt: Date },
  send: (mail: OutgoingMail) => Promise<SendResult>,
): Promise<{ errors: string[] }> {
  const db = getDb(env);
  const until = new Date(clock.now.getTime() + CLAIM_MS);
  const [claimed] = await db
    .update(messages)
    .set({
      claimedUntil: until,
      // Should this consumer vanish, the reply is overdue the moment its claim lapses.
      dueAt: new Date(until.getTime() - SWEEP_GRACE_MS),
      attempts: sql`${messages.attempts} + 1`,
    })
    .where(
      and(
        eq(messages.id, job.id),
        eq(messages.direction, "out"),
        isNull(messages.sentAt),
        or(isNull(messages.claimedUntil), lte(messages.claimedUntil, clock.now)),
      ),
    )
    .returning();
  // Sent already, being sent by another consumer, or deleted with its record.
  if (!claimed?.toAddress) return { errors: [] };
  const thread = await db
    .select({ messageId: messages.messageId })
    .from(messages)
    .where(
      and(
        ofRecord(claimed.submissionKind, claimed.submissionId),
        sql`${messages.messageId} is not null`,
        sql`(${messages.at}, ${messages.id}) < (${claimed.at.getTime()}, ${claimed.id})`,
        eq(messages.bounce, false),
      ),
    )
    .orderBy(asc(messages.at), asc(messages.id));
  const mail = await replyMail(
    env,
    claimed,
    thread.flatMap((row) => (row.messageId ? [row.messageId] : [])),
  );
  const result = await send(mail);
  const failed = result.errors.length > 0;
  await db
    .update(messages)
    .set({
      claimedUntil: null,
      sentAt: failed ? null : clock.now,
      lastError: failed ? result.errors.join("; ").slice(0, 500) : null,
      dueAt: failed ? clock.retryAt : null,
    })
    .where(eq(messages.id, claimed.id));
  return { errors: result.errors };
}

/** The sweep (every 5 minutes): replies still unsent a while after they were due are queued again. */
export async function sweepUnsentReplies(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, now: Date): Promise<number> {
  const db = getDb(env);
  const overdue = db
    .select({ id: messages.id })
    .from(messages)
    .where(
      and(
        eq(messages.direction, "out"),
        isNull(messages.sentAt),
        lte(messages.dueAt, new Date(now.getTime() - SWEEP_GRACE_MS)),
      ),
    )
    .orderBy(asc(messages.dueAt))
    .limit(SWEEP_LIMIT);
  const taken = await db
    .update(messages)
    .set({ dueAt: new Date(now.getTime() + SWEEP_GRACE_MS) })
    .where(inArray(messages.id, overdue))
    .returning({ id: messages.id });
  if (taken.length === 0) return 0;
  console.warn(`Re-enqueuing ${taken.length} repl(ies) still unsent`);
  await env.NOTIFY_QUEUE.sendBatch(taken.map(({ id }) => ({ body: { type: "reply", id } satisfies ReplyJob })));
  return taken.length;
}

/** What the record page shows of the conversation: its messages and the next reply's subject. */
export async function recordConversation(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string) {
  const messages = await listMessages(env, kind, id);
  const last = messages.findLast((message) => !message.automatic && !message.bounce);
  return { messages, subject: defaultSubject(kind, last?.subject ?? null) };
}
