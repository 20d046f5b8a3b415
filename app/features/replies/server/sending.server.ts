import { and, asc, eq, inArray, isNotNull, isNull, lte, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { type RecordMessageRow } from "~/db/schema/replies";
import { users } from "~/db/schema/staff";
import { type ReplyJob } from "./reply-job.server";
import { type InboxKind, recordPath } from "~/records/kinds";
import { absoluteSiteUrl } from "~/http/site-url.server";
import { AUDIT_IF_CHANGED, auditInsertIf } from "~/features/audit/audit.server";
import { activityInsert } from "../../desk/desk.server";
import { auditTarget, contactStatements } from "../../inbox/inbox.server";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { type OutgoingMail } from "~/mail/mime.server";
import { claimColumns, SWEEP_GRACE_MS, unclaimedAt } from "~/mail/send-claim.server";
import { type SendResult } from "~/mail/send.server";
import type { ConversationMessage, ReplyInput } from "../messages";
import { answerNoticeMail, defaultSubject, replyMail, replyMessageId } from "./reply-mail.server";
import { readMailSettings } from "../../settings/settings.server";
import { isFromCustomer, lastSubjectQuery, listMessages, messages, ofRecord } from "./conversation.server";

// Replies from the record (issue 29, docs/decisions/041-reply-address-and-threading.md): what the
// rest of the Worker asks of this feature. A reply is stored with its own sending state and counts
// as contact in the same D1 batch (first contact, `contacted`, the desk's log), then goes through
// the notification queue (a `reply` job) to the send_email binding: claimed, sent, recorded, as
// the shop's emails are (decision 030). What the queue loses, the sweep finds unsent in D1.

export type ReplyEnv = Pick<
  AppEnv,
  "DB" | "NOTIFY_QUEUE" | "NOTIFY_FROM" | "REPLY_DOMAIN" | "SESSION_SECRET" | "LINK_SECRET"
>;

const SWEEP_LIMIT = 100;

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
  const [stored] = await db.batch([
    insertIf(
      db,
      messages,
      {
        id: messageUuid,
        submissionKind: kind,
        submissionId: id,
        direction: "out",
        at,
        by,
        fromAddress: env.NOTIFY_FROM,
        toAddress: to,
        subject,
        body: input.body,
        messageId: replyMessageId(env, messageUuid),
        // Unsent: due now, no attempt yet (the columns' defaults).
        dueAt: at,
      },
      // Deleted between the two batches: nothing is stored.
      sql`exists (select 1 from ${table} where ${table.id} = ${id})`,
    ).returning({ id: messages.id }),
    auditInsertIf(db, { ...acting, action: "record.reply", target: auditTarget(kind, id) }, AUDIT_IF_CHANGED),
    activityInsert(db, kind, id, { type: "email", outcome: null, note: `Replied from the record: ${subject}` }, acting),
    ...contactStatements(db, kind, id, acting, sql`1 = 1`),
  ]);
  // Deleted between the two batches: nothing was stored.
  if (stored.length === 0) return { ok: false, reason: "missing" };
  await enqueueReply(env, messageUuid);
  const [message] = (await listMessages(env, kind, id)).filter((each) => each.id === messageUuid);
  if (!message) return { ok: false, reason: "missing" };
  return { ok: true, message };
}

/** Queues a reply's job; a failure here is only logged, since the sweep sends what D1 holds unsent. */
export async function enqueueReply(env: Pick<AppEnv, "NOTIFY_QUEUE">, id: string) {
  try {
    await env.NOTIFY_QUEUE.send({ type: "reply", id } satisfies ReplyJob);
  } catch (error) {
    console.error("A reply could not be queued; the sweep will send it", { id, error });
  }
}

/**
 * The queue consumer's part: claims the reply (one consumer at a time, never once it was sent),
 * sends it with `send`, and records the outcome. Returns the errors, if any, for the queue to retry.
 */
export async function deliverReply(
  env: Pick<
    AppEnv,
    | "DB"
    | "NOTIFY_FROM"
    | "NOTIFY_TO"
    | "CONFIRM_VISITOR"
    | "REPLY_DOMAIN"
    | "SESSION_SECRET"
    | "LINK_SECRET"
    | "SITE_URL"
  >,
  job: ReplyJob,
  clock: { now: Date; retryAt: Date },
  send: (mail: OutgoingMail) => Promise<SendResult>,
): Promise<{ errors: string[] }> {
  const db = getDb(env);
  const [claimed] = await db
    .update(messages)
    .set(claimColumns(messages.attempts, clock.now))
    .where(
      and(
        eq(messages.id, job.id),
        // An automatic message causes no email: it has no due time.
        isNotNull(messages.dueAt),
        isNull(messages.sentAt),
        unclaimedAt(messages.claimedUntil, clock.now),
      ),
    )
    .returning();
  // Sent already, being sent by another consumer, or deleted with its record.
  if (!claimed) return { errors: [] };
  const settings = await readMailSettings(env);
  const mail =
    claimed.direction === "in"
      ? await answerNotice(env, claimed, settings.recipients)
      : await replyOf(db, env, claimed, settings.senderName);
  const result = mail ? await send(mail) : { sentTo: [], errors: [] };
  const failed = result.errors.length > 0;
  const recorded = db
    .update(messages)
    .set({
      claimedUntil: null,
      sentAt: failed ? null : clock.now,
      // What the platform called it, if it wrote its own Message-ID in place of ours. A notice's
      // row keeps the customer's Message-ID, which the next reply's References name.
      ...(!failed && claimed.direction === "out" ? { sentMessageId: platformMessageId(result, claimed) } : {}),
      lastError: failed ? result.errors.join("; ").slice(0, 500) : null,
      dueAt: failed ? clock.retryAt : null,
    })
    .where(eq(messages.id, claimed.id));
  if (failed || claimed.direction === "out") await recorded;
  // The answers this notice summed up are told of with it.
  else await db.batch([recorded, db.update(messages).set({ sentAt: clock.now }).where(summedUpBy(claimed))]);
  return { errors: result.errors };
}

/**
 * The sender's other answers on the record that wait for this notice to tell of them: stored while
 * it was pending, with no notice of their own (receiving.server.ts, `noticeDue`).
 */
const summedUpBy = (notice: RecordMessageRow) =>
  and(
    ofRecord(notice.submissionKind, notice.submissionId),
    eq(messages.direction, "in"),
    eq(messages.automatic, false),
    sql`lower(${messages.fromAddress}) = lower(${notice.fromAddress})`,
    isNull(messages.dueAt),
    isNull(messages.sentAt),
    sql`${messages.id} <> ${notice.id}`,
  );

/** The Message-ID send() reported for a reply, without angle brackets; null when it kept ours. */
function platformMessageId(result: SendResult, claimed: RecordMessageRow): string | null {
  // Lower case, as incoming In-Reply-To and References are read (incoming.server.ts).
  const reported = result.messageIds?.[0]?.trim().replace(/^<|>$/g, "").toLowerCase();
  return reported && reported !== claimed.messageId && reported.length <= 998 ? reported : null;
}

/** A reply as the customer receives it, threaded under the conversation's earlier messages. */
async function replyOf(
  db: Database,
  env: Parameters<typeof replyMail>[0],
  claimed: RecordMessageRow,
  senderName: string,
) {
  if (!claimed.toAddress) return null;
  // Each earlier message by the Message-ID its recipient saw: the platform's, when it wrote its own.
  const thread = await db
    .select({ messageId: sql<string | null>`coalesce(${messages.sentMessageId}, ${messages.messageId})` })
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
  return replyMail(
    env,
    claimed,
    thread.flatMap((row) => (row.messageId ? [row.messageId] : [])),
    senderName,
  );
}

/**
 * Staff's notice of a customer's answer: to the record's assignee (an active member with an email
 * address), or else to the shop's addresses (`shopRecipients`, from Settings), with a link to the record.
 */
async function answerNotice(
  env: Pick<AppEnv, "DB" | "NOTIFY_FROM" | "REPLY_DOMAIN" | "SITE_URL">,
  claimed: RecordMessageRow,
  shopRecipients: readonly string[],
): Promise<OutgoingMail | null> {
  const db = getDb(env);
  const table = inboxTables[claimed.submissionKind];
  const [record] = await db
    .select({
      firstName: table.firstName,
      lastName: table.lastName,
      email: table.email,
      more: sql<number>`(select count(*) from ${messages} where ${summedUpBy(claimed)})`,
      assigneeEmail: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.username} = ${table.assignee} and ${users.disabledAt} is null and ${users.removedAt} is null)`,
    })
    .from(table)
    .where(eq(table.id, claimed.submissionId))
    .limit(1);
  if (!record) return null;
  const to = record.assigneeEmail && isMailAddress(record.assigneeEmail) ? [record.assigneeEmail] : shopRecipients;
  return answerNoticeMail(env, claimed, record, {
    to,
    link: absoluteSiteUrl(env, recordPath(claimed.submissionKind, claimed.submissionId)),
    fromCustomer: isFromCustomer(claimed.fromAddress, record.email),
    more: record.more,
  });
}

/** The sweep (every 5 minutes): replies still unsent a while after they were due are queued again. */
export async function sweepUnsentReplies(env: Pick<AppEnv, "DB" | "NOTIFY_QUEUE">, now: Date): Promise<number> {
  const db = getDb(env);
  const overdue = db
    .select({ id: messages.id })
    .from(messages)
    .where(and(isNull(messages.sentAt), lte(messages.dueAt, new Date(now.getTime() - SWEEP_GRACE_MS))))
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
