import { shop } from "~/content/shop";
import type { RecordMessageRow } from "~/db/schema/replies";
import { formatPhone } from "~/forms/phone-link";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import type { AppEnv } from "~/http/env.server";
import { linkSecret } from "~/keys/keys.server";
import { htmlLink, htmlPage } from "~/mail/html.server";
import { escapeHtml, multiLine, type OutgoingMail, singleLine } from "~/mail/mime.server";
import { replyDomainOf } from "~/mail/own-addresses.server";
import { replyAddress } from "./reply-token.server";

// A reply as the customer receives it (docs/decisions/041-reply-address-and-threading.md): from the
// shop's address under the shop's name, Reply-To the record's own reply address, In-Reply-To and
// References the thread's earlier messages, a text part and the same text as escaped HTML.

type MailEnv = Pick<AppEnv, "NOTIFY_FROM" | "REPLY_DOMAIN" | "SESSION_SECRET" | "LINK_SECRET">;

/** The Message-ID (without brackets) of a reply: its own id at the reply domain, the same on every retry. */
export const replyMessageId = (env: Pick<AppEnv, "REPLY_DOMAIN" | "NOTIFY_FROM">, id: string) =>
  `reply.${id}@${replyDomainOf(env)}`;

/** "Re: <the thread's subject>", or for a first reply "Your service request to <shop>". */
export function defaultSubject(kind: InboxKind, lastSubject: string | null): string {
  if (lastSubject) return /^re:/i.test(lastSubject) ? lastSubject : `Re: ${lastSubject}`;
  return `Your ${inboxKinds[kind].singular.toLowerCase()} to ${shop.name}`;
}

const signature = `${shop.name}\n${shop.phone.display}`;

// The references a header carries: the thread's most recent ones (RFC 5322 allows trimming the middle).
const MAX_REFERENCES = 8;

/** `senderName`: the name replies go out under, as the owner set it on Settings (decision 051). */
export async function replyMail(
  env: MailEnv,
  row: RecordMessageRow,
  thread: readonly string[],
  senderName: string,
): Promise<OutgoingMail> {
  const domain = replyDomainOf(env);
  const reply = await replyAddress(linkSecret(env), domain, row.submissionKind, row.submissionId);
  const text = `${multiLine(row.body)}\n\n-- \n${signature}`;
  const html = htmlPage(
    `${multiLine(row.body)
      .split(/\n{2,}/)
      .map((paragraph) => `<p style="margin:0 0 12px">${escapeHtml(paragraph).replaceAll("\n", "<br>")}</p>`)
      .join("")}<p style="margin:16px 0 0;color:#475569">${escapeHtml(shop.name)}<br>${escapeHtml(
      formatPhone(shop.phone.display),
    )}</p>`,
  );
  return {
    from: { address: env.NOTIFY_FROM, name: senderName },
    to: [row.toAddress ?? ""],
    // A record whose id is not a UUID has no token: answers then thread by their headers alone.
    ...(reply ? { replyTo: { address: reply, name: senderName } } : {}),
    subject: singleLine(row.subject),
    text,
    html,
    date: row.at,
    messageId: row.messageId ?? replyMessageId(env, row.id),
    inReplyTo: thread.at(-1),
    references: thread.slice(-MAX_REFERENCES),
  };
}

/**
 * Staff's email about a customer's answer: who, the subject, the text, how many more came from the
 * same sender since (summed up here rather than a notice each), and the record's link. A message
 * from another address than the customer's says so. Marked Auto-Submitted (RFC 3834), so that it
 * is never taken for a person's answer should it come back to the shop.
 */
export function answerNoticeMail(
  env: Pick<AppEnv, "NOTIFY_FROM" | "REPLY_DOMAIN">,
  message: RecordMessageRow,
  record: { firstName: string; lastName: string },
  { to, link, fromCustomer, more }: { to: readonly string[]; link: string; fromCustomer: boolean; more: number },
): OutgoingMail {
  const who = singleLine(`${record.firstName} ${record.lastName}`);
  const sender = singleLine(message.fromAddress);
  const text = multiLine(message.body);
  const wrote = fromCustomer
    ? `${who} answered by email:`
    : `Someone other than the customer (${sender}) wrote on ${who}'s record:`;
  const others =
    more > 0
      ? `${more} more message${more === 1 ? "" : "s"} from ${sender} came in after this one: read them on the record.`
      : "";
  return {
    from: { address: env.NOTIFY_FROM, name: shop.name },
    to,
    subject: `${fromCustomer ? "Customer replied" : `Not from the customer (${sender})`} — ${who}: ${singleLine(message.subject)}${more > 0 ? ` (+${more} more)` : ""}`,
    text: `${wrote}\n\n${text}\n\n${others ? `${others}\n\n` : ""}Open the record to reply: ${link}`,
    html: htmlPage(
      `<p style="margin:0 0 12px">${escapeHtml(wrote)}</p><blockquote style="margin:0 0 12px;padding-left:12px;border-left:3px solid #cbd5e1;white-space:pre-wrap">${escapeHtml(text)}</blockquote>${others ? `<p style="margin:0 0 12px">${escapeHtml(others)}</p>` : ""}<p style="margin:0">${htmlLink(link, "Open the record to reply")}</p>`,
    ),
    date: message.at,
    // Its own id: this notice is not part of the customer's thread.
    messageId: `notice.${message.id}@${replyDomainOf(env)}`,
    autoSubmitted: true,
  };
}
