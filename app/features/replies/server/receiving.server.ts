import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import type { Email } from "postal-mime";
import { insertIf } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { type InboxKind } from "~/records/kinds";
import { type AppEnv } from "~/http/env.server";
import { linkSecret } from "~/keys/keys.server";
import { readStreamWithin } from "~/http/request-body.server";
import { singleLine } from "~/mail/mime.server";
import { isShopsOwnAddress, replyDomainOf } from "~/mail/own-addresses.server";
import {
  answeredMessageIds,
  attachmentsOf,
  htmlToText,
  isAutomatic,
  isBounce,
  trimQuotedHistory,
} from "./incoming.server";
import { recordOfReplyAddress } from "./reply-token.server";
import { enqueueReply } from "./sending.server";
import { messages } from "./conversation.server";

// ------------------------------------------------------------------------------------------------
// Emails that come back: the Worker's email() handler

/** The largest message taken in; anything bigger is refused before it is read. */
export const MAX_INCOMING_BYTES = 1024 * 1024;

/** The part of the platform's ForwardableEmailMessage the handler uses. */
export type IncomingMessage = Pick<ForwardableEmailMessage, "from" | "to" | "raw" | "rawSize" | "setReject">;

type ReceiveEnv = Pick<
  AppEnv,
  "DB" | "NOTIFY_FROM" | "NOTIFY_QUEUE" | "REPLY_DOMAIN" | "SESSION_SECRET" | "LINK_SECRET"
>;

/** What the handler did with a message, for the log. */
export type Received =
  | { stored: true; kind: InboxKind; id: string; automatic: boolean; bounce: boolean; duplicate: boolean }
  | { stored: false; reason: string };

// A Message-ID of a reply this shop sent (quoted in a bounce), and the ids this feature gives the
// mail it sends: its replies and staff's notices of an answer.
const OUR_REPLY_ID = /\breply\.([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})@/gi;
const OUR_ID = /^(?:reply|notice)\.[0-9a-f-]{36}@/;

/** At most one notice to staff per record and sender in this time; what comes meanwhile is summed up in the next. */
export const NOTICE_INTERVAL_MS = 15 * 60_000;

/**
 * The record a Message-ID the shop sent and stored belongs to: one of its replies, by our id or the
 * one the platform wrote in its place. Nothing else threads: an id made of a record's id alone (the
 * visitor's confirmation names one) is public knowledge, not proof of the conversation.
 */
async function recordOfSentIds(db: Database, ids: readonly string[]): Promise<{ kind: InboxKind; id: string } | null> {
  // The newest 20 of each: D1 binds at most 100 values in a statement.
  const ours = ids.filter((id) => id.startsWith("reply.")).slice(-20);
  const recent = ids.slice(-20);
  const [row] = await db
    .select({ kind: messages.submissionKind, id: messages.submissionId })
    .from(messages)
    .where(
      and(
        eq(messages.direction, "out"),
        or(inArray(messages.messageId, [...ours, ""]), inArray(messages.sentMessageId, [...recent, ""])),
      ),
    )
    .orderBy(desc(messages.at))
    .limit(1);
  return row ?? null;
}

async function recordExists(db: Database, kind: InboxKind, id: string) {
  const table = inboxTables[kind];
  const [row] = await db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1);
  return row !== undefined;
}

/**
 * The shop's own mail come back (a notice sent to an address that delivers here, a reply to a
 * customer whose address is the shop's): from the shop's sending address, or under a Message-ID the
 * shop gave or stored. Taking it in as an answer would notify staff, whose notice would come back…
 */
async function isShopsOwn(db: Database, env: ReceiveEnv, sender: string, messageId: string | null) {
  if (isShopsOwnAddress(env, sender)) return true;
  if (messageId === null) return false;
  if (OUR_ID.test(messageId) && messageId.endsWith(`@${replyDomainOf(env).toLowerCase()}`)) return true;
  const [row] = await db
    .select({ id: messages.id })
    .from(messages)
    .where(
      or(eq(messages.sentMessageId, messageId), and(eq(messages.direction, "out"), eq(messages.messageId, messageId))),
    )
    .limit(1);
  return row !== undefined;
}

/** Reads the raw message, or says why it cannot be read (nested past postal-mime's limit, say). */
async function parseEmail(raw: Uint8Array): Promise<{ email: Email } | { error: string }> {
  const { default: PostalMime } = await import("postal-mime");
  try {
    return { email: await PostalMime.parse(raw) };
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error) };
  }
}

/**
 * The Worker's email() handler: attaches the message to the record named by the token in its
 * recipient (reply+<token>@…), or else by the In-Reply-To/References that name a message the shop
 * sent and stored; a bounce also by our Message-ID quoted in its report. Refused (setReject,
 * nothing stored): over 1 MB, unreadable, or no record found. Dropped (logged only): the shop's own
 * mail come back. A message delivered twice (same Message-ID) is stored once. The answer, its
 * record's "Replied" and staff's notice (the row's due time) are one D1 batch.
 */
export async function receiveEmail(message: IncomingMessage, env: ReceiveEnv, now: Date): Promise<Received> {
  const refuse = (reason: string): Received => {
    message.setReject(reason);
    return { stored: false, reason };
  };
  const tooLarge = `Message too large: this address takes messages up to ${MAX_INCOMING_BYTES / 1024 / 1024} MB.`;
  if (message.rawSize > MAX_INCOMING_BYTES) return refuse(tooLarge);
  const raw = await readStreamWithin(message.raw, MAX_INCOMING_BYTES);
  if (!raw) return refuse(tooLarge);
  const parsed = await parseEmail(raw);
  if ("error" in parsed) {
    console.warn("An incoming message could not be read", { from: message.from, error: parsed.error });
    return refuse(`Message could not be read: ${parsed.error.slice(0, 200)}`);
  }
  const { email } = parsed;
  const sender = email.from?.address ?? message.from;
  const givenId = email.messageId?.trim().replace(/^<|>$/g, "").toLowerCase().slice(0, 300) ?? "";
  const messageId = givenId === "" ? null : givenId;

  const db = getDb(env);
  if (await isShopsOwn(db, env, sender, messageId)) {
    return { stored: false, reason: "The shop's own email, come back: not an answer." };
  }
  const bounce = isBounce(email, message.from);
  const byToken = await recordOfReplyAddress(linkSecret(env), replyDomainOf(env), message.to);
  let record = byToken && (await recordExists(db, byToken.kind, byToken.id)) ? byToken : null;
  record ??= await recordOfSentIds(db, answeredMessageIds(email));
  // A bounce quotes the message that failed (its headers, RFC 3464): our reply's Message-ID in it.
  if (!record && bounce) {
    const quoted = [...new TextDecoder().decode(raw).matchAll(OUR_REPLY_ID)].map(
      (match) => `reply.${match[1]!.toLowerCase()}@${replyDomainOf(env)}`,
    );
    record = await recordOfSentIds(db, quoted);
  }
  if (!record) return refuse("Unknown recipient: this address does not belong to a conversation with the shop.");

  const automatic = bounce || isAutomatic(email);
  const from = singleLine(sender).slice(0, 254);
  const text = trimQuotedHistory(email.text ?? htmlToText(email.html ?? ""));
  const id = crypto.randomUUID();
  const insert = insertIf(
    db,
    messages,
    {
      id,
      submissionKind: record.kind,
      submissionId: record.id,
      direction: "in",
      at: now,
      by: null,
      fromAddress: from,
      toAddress: message.to.slice(0, 254),
      subject: singleLine(email.subject ?? "").slice(0, 500) || "(no subject)",
      body: text,
      messageId,
      automatic,
      bounce,
      attachments: attachmentsOf(email),
      // Staff's notice of the customer's own answer (an email through the queue); automatic mail, none.
      dueAt: automatic ? null : noticeDue(record, from, now),
    },
    // Once per Message-ID and record: a message the platform delivers again is not stored twice.
    messageId === null
      ? undefined
      : sql`not exists (select 1 from ${messages} where ${messages.submissionKind} = ${record.kind} and ${messages.submissionId} = ${record.id} and ${messages.direction} = 'in' and ${messages.messageId} = ${messageId})`,
  ).returning({ id: messages.id, dueAt: messages.dueAt });
  const table = inboxTables[record.kind];
  // Waiting on staff: the "Replied" badge and `?replied=1`, until a reply, a contact or "Handled";
  // set only when the answer was stored, in the same batch, so neither is ever kept without the other.
  const waiting = db
    .update(table)
    .set({ repliedAt: now })
    .where(and(eq(table.id, record.id), sql`exists (select 1 from ${messages} where ${messages.id} = ${id})`));
  const [stored] = automatic ? [await insert] : await db.batch([insert, waiting]);
  const [row] = stored;
  // A notice due later, or none of its own (the pending one sums it up), is the sweep's to send.
  if (row?.dueAt && row.dueAt.getTime() <= now.getTime()) await enqueueReply(env, id);
  return { stored: true, ...record, automatic, bounce, duplicate: row === undefined };
}

/**
 * When staff's notice of this answer is due: none of its own while a notice of the same sender on
 * the record waits unsent and unclaimed (that one sums it up when it goes); else at once, or, within
 * NOTICE_INTERVAL_MS of the last notice sent, at the end of that interval (thirty messages in a row
 * give two notices, not thirty).
 */
function noticeDue(record: { kind: InboxKind; id: string }, from: string, now: Date) {
  const sameSender = sql`${messages.submissionKind} = ${record.kind} and ${messages.submissionId} = ${record.id} and ${messages.direction} = 'in' and ${messages.automatic} = 0 and lower(${messages.fromAddress}) = lower(${from})`;
  return sql<Date | null>`case
    when exists (select 1 from ${messages} where ${sameSender} and ${messages.dueAt} is not null and ${messages.sentAt} is null and (${messages.claimedUntil} is null or ${messages.claimedUntil} <= ${now.getTime()})) then null
    else max(${now.getTime()}, coalesce((select max(${messages.sentAt}) from ${messages} where ${sameSender}), 0) + ${NOTICE_INTERVAL_MS})
  end`;
}
