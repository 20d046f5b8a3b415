import { and, desc, eq, inArray, or, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import { type AppEnv } from "~/http/env.server";
import { linkSecret } from "~/http/keys.server";
import { readStreamWithin } from "~/http/request-body.server";
import { singleLine } from "~/mail/mime.server";
import {
  answeredMessageIds,
  attachmentsOf,
  htmlToText,
  isAutomatic,
  isBounce,
  trimQuotedHistory,
} from "./incoming.server";
import { replyDomainOf } from "./reply-mail.server";
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
  // Ours (reply.<id>@…), or the one the platform wrote in its place when it sent the reply.
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
  if (row) return row;
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
  const raw = await readStreamWithin(message.raw, MAX_INCOMING_BYTES);
  if (!raw) return refuse(tooLarge);
  const { default: PostalMime } = await import("postal-mime");
  const email = await PostalMime.parse(raw);
  const bounce = isBounce(email);

  const db = getDb(env);
  const byToken = await recordOfReplyAddress(linkSecret(env), replyDomainOf(env), message.to);
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
          sentMessageId: sql<string | null>`null`.as("sent_message_id"),
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
