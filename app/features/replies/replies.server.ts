import { and, asc, desc, eq, getTableColumns, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { submissionActivity } from "~/db/schema/desk";
import { inboxTables, submissionStatusChanges } from "~/db/schema/inbox";
import { recordMessages, type RecordMessageRow } from "~/db/schema/replies";
import { users } from "~/db/schema/staff";
import { z } from "~/forms/zod";
import { inboxKinds, type InboxKind, recordPath } from "~/records/kinds";
import { absoluteSiteUrl } from "~/http/site-url.server";
import type { SubmissionStatus } from "~/records/statuses";
import { auditInsert } from "~/features/audit/audit.server";
import { type AppEnv, isMailAddress } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { type OutgoingMail, singleLine } from "~/mail/mime.server";
import type { ConversationMessage, ReplyInput, ReplyStatus } from "./messages";
import {
  answeredMessageIds,
  attachmentsOf,
  htmlToText,
  isAutomatic,
  isBounce,
  trimQuotedHistory,
} from "./server/incoming.server";
import { answerNoticeMail, defaultSubject, replyDomainOf, replyMail, replyMessageId } from "./server/reply-mail.server";
import { recordOfReplyAddress } from "./server/reply-token.server";
import { emailFailing } from "./server/failing-address.server";
import { readMailSettings } from "../settings/settings.server";

export { emailFailing, emailFailingSql } from "./server/failing-address.server";
export { replyComposer } from "./server/reply-draft.server";

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
          type: sql<"email">`'email'`.as("type"),
          outcome: sql<null>`null`.as("outcome"),
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
        // Answered: no longer waiting on staff.
        repliedAt: null,
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
  env: Pick<
    AppEnv,
    "DB" | "NOTIFY_FROM" | "NOTIFY_TO" | "CONFIRM_VISITOR" | "REPLY_DOMAIN" | "SESSION_SECRET" | "SITE_URL"
  >,
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
        // An automatic message causes no email: it has no due time.
        isNotNull(messages.dueAt),
        isNull(messages.sentAt),
        or(isNull(messages.claimedUntil), lte(messages.claimedUntil, clock.now)),
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

/** A reply as the customer receives it, threaded under the conversation's earlier messages. */
async function replyOf(
  db: Database,
  env: Parameters<typeof replyMail>[0],
  claimed: RecordMessageRow,
  senderName: string,
) {
  if (!claimed.toAddress) return null;
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
      assigneeEmail: sql<
        string | null
      >`(select ${users.email} from ${users} where ${users.username} = ${table.assignee} and ${users.disabledAt} is null and ${users.removedAt} is null)`,
    })
    .from(table)
    .where(eq(table.id, claimed.submissionId))
    .limit(1);
  if (!record) return null;
  const to = record.assigneeEmail && isMailAddress(record.assigneeEmail) ? [record.assigneeEmail] : shopRecipients;
  return answerNoticeMail(
    env,
    claimed,
    record,
    to,
    absoluteSiteUrl(env, recordPath(claimed.submissionKind, claimed.submissionId)),
  );
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

/** What the record page shows of the conversation: its messages, the next reply's subject, a failing address. */
export async function recordConversation(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string) {
  const messages = await listMessages(env, kind, id);
  const last = messages.findLast((message) => !message.automatic && !message.bounce);
  return { messages, subject: defaultSubject(kind, last?.subject ?? null), emailFailing: emailFailing(messages) };
}

// ------------------------------------------------------------------------------------------------
// Emails that come back: the Worker's email() handler

/** The largest message taken in; anything bigger is refused before it is read. */
export const MAX_INCOMING_BYTES = 1024 * 1024;

/** The part of the platform's ForwardableEmailMessage the handler uses. */
export type IncomingMessage = Pick<ForwardableEmailMessage, "from" | "to" | "raw" | "rawSize" | "setReject">;

type ReceiveEnv = Pick<AppEnv, "DB" | "NOTIFY_FROM" | "NOTIFY_QUEUE" | "REPLY_DOMAIN" | "SESSION_SECRET">;

/** What the handler did with a message, for the log. */
export type Received =
  | { stored: true; kind: InboxKind; id: string; automatic: boolean; bounce: boolean; duplicate: boolean }
  | { stored: false; reason: string };

// A Message-ID of a reply this shop sent, or of the visitor's confirmation (decision 030's form).
const OUR_REPLY_ID = /\breply\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/gi;
const CONFIRMATION_ID =
  /^confirmation\.(contact-messages|service-requests)\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@(.+)$/;

/** The record a Message-ID the shop sent belongs to: one of its replies, or a visitor's confirmation. */
async function recordOfSentIds(
  db: Database,
  env: ReceiveEnv,
  ids: readonly string[],
): Promise<{ kind: InboxKind; id: string } | null> {
  const ours = ids.filter((id) => id.startsWith("reply."));
  if (ours.length > 0) {
    const [row] = await db
      .select({ kind: messages.submissionKind, id: messages.submissionId })
      .from(messages)
      .where(and(eq(messages.direction, "out"), inArray(messages.messageId, ours)))
      .orderBy(desc(messages.at))
      .limit(1);
    if (row) return row;
  }
  const senderDomain = env.NOTIFY_FROM.slice(env.NOTIFY_FROM.lastIndexOf("@") + 1).toLowerCase();
  for (const id of ids.toReversed()) {
    const match = CONFIRMATION_ID.exec(id);
    if (match?.[3] !== senderDomain) continue;
    const kind = match[1] === inboxKinds.contact.slug ? "contact" : "serviceRequest";
    if (await recordExists(db, kind, match[2]!)) return { kind, id: match[2]! };
  }
  return null;
}

async function recordExists(db: Database, kind: InboxKind, id: string) {
  const table = inboxTables[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/** The raw message, read up to the limit (rawSize is the sender's claim; the bytes are counted too). */
async function readRaw(raw: ReadableStream<Uint8Array>, limit: number): Promise<Uint8Array | null> {
  const chunks: Uint8Array[] = [];
  let size = 0;
  const reader = raw.getReader();
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * The Worker's email() handler: attaches the message to the record named by the token in its
 * recipient (reply+<token>@…), or else by the In-Reply-To/References that name a message the shop
 * sent; a bounce also by our Message-ID quoted in its report. Refused (setReject, nothing stored):
 * over 1 MB, or no record found. A message delivered twice (same Message-ID) is stored once.
 */
export async function receiveEmail(message: IncomingMessage, env: ReceiveEnv, now: Date): Promise<Received> {
  const refuse = (reason: string): Received => {
    message.setReject(reason);
    return { stored: false, reason };
  };
  const tooLarge = `Message too large: this address takes messages up to ${MAX_INCOMING_BYTES / 1024 / 1024} MB.`;
  if (message.rawSize > MAX_INCOMING_BYTES) return refuse(tooLarge);
  const raw = await readRaw(message.raw, MAX_INCOMING_BYTES);
  if (!raw) return refuse(tooLarge);
  const { default: PostalMime } = await import("postal-mime");
  const email = await PostalMime.parse(raw);
  const bounce = isBounce(email);

  const db = getDb(env);
  const byToken = await recordOfReplyAddress(env.SESSION_SECRET, replyDomainOf(env), message.to);
  let record = byToken && (await recordExists(db, byToken.kind, byToken.id)) ? byToken : null;
  record ??= await recordOfSentIds(db, env, answeredMessageIds(email));
  // A bounce quotes the message that failed (its headers, RFC 3464): our reply's Message-ID in it.
  if (!record && bounce) {
    const quoted = [...new TextDecoder().decode(raw).matchAll(OUR_REPLY_ID)].map(
      (match) => `reply.${match[1]!.toLowerCase()}@${replyDomainOf(env)}`,
    );
    record = await recordOfSentIds(db, env, quoted);
  }
  if (!record) return refuse("Unknown recipient: this address does not belong to a conversation with the shop.");

  const automatic = bounce || isAutomatic(email);
  const sender = email.from?.address ?? message.from;
  const text = trimQuotedHistory(email.text ?? htmlToText(email.html ?? ""));
  const givenId = email.messageId?.trim().replace(/^<|>$/g, "").toLowerCase().slice(0, 300) ?? "";
  const messageId = givenId === "" ? null : givenId;
  const id = crypto.randomUUID();
  const stored = await db
    .insert(messages)
    .select(
      db
        .select({
          id: sql<string>`${id}`.as("id"),
          submissionKind: sql<InboxKind>`${record.kind}`.as("submission_kind"),
          submissionId: sql<string>`${record.id}`.as("submission_id"),
          direction: sql<"in">`'in'`.as("direction"),
          at: sql<Date>`${now.getTime()}`.as("at"),
          by: sql<string | null>`null`.as("by"),
          fromAddress: sql<string>`${singleLine(sender).slice(0, 254)}`.as("from_address"),
          toAddress: sql<string>`${message.to.slice(0, 254)}`.as("to_address"),
          subject: sql<string>`${singleLine(email.subject ?? "").slice(0, 500) || "(no subject)"}`.as("subject"),
          body: sql<string>`${text}`.as("body"),
          messageId: sql<string | null>`${messageId}`.as("message_id"),
          automatic: sql<boolean>`${automatic ? 1 : 0}`.as("automatic"),
          bounce: sql<boolean>`${bounce ? 1 : 0}`.as("bounce"),
          attachments: sql<string>`${JSON.stringify(attachmentsOf(email))}`.as("attachments"),
          // The customer's own answer: staff are told (an email through the queue); automatic mail, no.
          dueAt: sql<Date | null>`${automatic ? null : now.getTime()}`.as("due_at"),
          claimedUntil: sql<Date | null>`null`.as("claimed_until"),
          sentAt: sql<Date | null>`null`.as("sent_at"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`null`.as("last_error"),
        })
        // Once per Message-ID and record: a message the platform delivers again is not stored twice.
        .from(sql`(select 1)`)
        .where(
          messageId === null
            ? sql`1 = 1`
            : sql`not exists (select 1 from ${messages} where ${messages.submissionKind} = ${record.kind} and ${messages.submissionId} = ${record.id} and ${messages.direction} = 'in' and ${messages.messageId} = ${messageId})`,
        ),
    )
    .returning({ id: messages.id });
  const duplicate = stored.length === 0;
  if (!duplicate && !automatic) {
    // Waiting on staff: the "Replied" badge and `?replied=1`, until a reply, a contact or "Handled".
    const table = inboxTables[record.kind];
    await db.update(table).set({ repliedAt: now }).where(eq(table.id, record.id));
    await enqueueReply(env, id);
  }
  return { stored: true, ...record, automatic, bounce, duplicate };
}

/**
 * "Handled": the customer's answer needs nothing more (answered by phone, say). Clears the record's
 * "Replied" badge; audited. False for an unknown record.
 */
export async function markHandled(env: Pick<AppEnv, "DB">, kind: InboxKind, id: string, acting: Acting) {
  const db = getDb(env);
  const table = inboxTables[kind];
  const [cleared] = await db.update(table).set({ repliedAt: null }).where(eq(table.id, id)).returning({ id: table.id });
  if (!cleared) return false;
  await db.batch([auditInsert(db, { ...acting, action: "record.handled", target: `${inboxKinds[kind].slug}/${id}` })]);
  return true;
}
