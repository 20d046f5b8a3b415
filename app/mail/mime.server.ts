import { encodeBase64, encodeHexLowerCase } from "@oslojs/encoding";
import { isMailAddress } from "../http/env.server";
import { utf8Pieces } from "./utf8-pieces.server";

// Raw MIME for the send_email binding, written here (docs/decisions/030-notifications.md): a
// library for it (mimetext) weighed 16 KiB of the Worker's gzip with its polyfills, for the one
// shape of message the shop sends. CRLF line ends (RFC 5322); display names and the subject only
// as UTF-8 encoded words (RFC 2047), bodies only as base64 in lines of 76 (RFC 2045), so no
// visitor text reaches a header but through an encoded word, no line of a visitor's message can
// read as a boundary, and no line is longer than 998 octets. Every address is checked here.

export type MailAddress = { address: string; name?: string };

export type MailContent = { subject: string; text: string; html: string };

/** A file sent with the message (an appointment's .ics): its name, full Content-Type and text. */
export type MailAttachment = { filename: string; contentType: string; content: string };

export type OutgoingMail = MailContent & {
  from: MailAddress;
  to: readonly string[];
  replyTo?: MailAddress;
  date: Date;
  /** The id part of the Message-ID header, `left@right`, the same for every retry of one message. */
  messageId: string;
  /** A reply's place in its thread (RFC 5322 3.6.4): the message it answers, and the thread's ids, oldest first. */
  inReplyTo?: string;
  references?: readonly string[];
  attachments?: readonly MailAttachment[];
  /** No person wrote it: `Auto-Submitted: auto-generated` (RFC 3834), which mail systems do not answer. */
  autoSubmitted?: boolean;
};

// C0 and C1 controls (CR and LF among them) and the Unicode line and paragraph separators: matching
// control characters is the point here.
// eslint-disable-next-line no-control-regex
const CONTROL_CHARACTERS = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g;

/** Visitor text for a one-line place (a header's display name, a subject): controls become spaces. */
export function singleLine(value: string): string {
  return value.replace(CONTROL_CHARACTERS, " ").replace(/\s+/g, " ").trim();
}

/** Multi-line visitor text for a body: line ends as "\n", no other control character. */
export function multiLine(value: string): string {
  return (
    value
      .replace(/\r\n?/g, "\n")
      // eslint-disable-next-line no-control-regex -- every control character but tab and line feed
      .replace(/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/g, " ")
      .trim()
  );
}

const MESSAGE_ID = /^[A-Za-z0-9.!#$%&'*+/=?^_`{|}~-]+@[A-Za-z0-9.-]+$/;

/** An id of the plain form, short enough for its header line to stay within RFC 5322's 998 octets. */
const isPlainMessageId = (id: string) => id.length <= 900 && MESSAGE_ID.test(id);

/** The domain of an address, for Message-IDs ("shop@example.com" → "example.com"). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1);
}

const CRLF = "\r\n";
const utf8 = new TextEncoder();

// 45 bytes are 60 base64 characters: an encoded word of 72, within RFC 2047's 75.
const ENCODED_WORD_BYTES = 45;

/**
 * Text as UTF-8 encoded words (RFC 2047), each of whole characters, one to a folded line: a
 * reader joins adjacent encoded words without the space between them.
 */
function encodedWords(text: string): string {
  return utf8Pieces(text, ENCODED_WORD_BYTES)
    .map((chunk) => `=?utf-8?B?${encodeBase64(utf8.encode(chunk))}?=`)
    .join(`${CRLF} `);
}

function mailbox({ address, name }: MailAddress): string {
  if (!isMailAddress(address)) throw new Error(`Not a mail address: ${JSON.stringify(address)}`);
  const displayName = name === undefined ? "" : singleLine(name);
  return displayName ? `${encodedWords(displayName)} <${address}>` : `<${address}>`;
}

/** UTF-8 text in its canonical form (CRLF line ends, RFC 2046) as base64 in lines of 76 characters (RFC 2045). */
function base64Body(text: string): string {
  const base64 = encodeBase64(utf8.encode(text.replace(/\r?\n/g, "\r\n")));
  return (base64.match(/.{1,76}/g) ?? []).join(CRLF);
}

/** A MIME entity: its header lines, a blank line, its body. */
const entity = (headers: readonly string[], body: string) => [...headers, "", body].join(CRLF);

/**
 * A multipart entity of the given parts, between random boundaries. Bodies are base64, whose
 * alphabet has no "-": no line of theirs can start like a boundary's "--".
 */
function multipart(subtype: "alternative" | "mixed", parts: readonly string[]): string {
  const boundary = `${subtype}-${encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(12)))}`;
  const body = [...parts.map((part) => `--${boundary}${CRLF}${part}`), `--${boundary}--`, ""].join(CRLF);
  return entity([`Content-Type: multipart/${subtype}; boundary="${boundary}"`], body);
}

const textPart = (type: string, text: string) =>
  entity([`Content-Type: ${type}; charset=UTF-8`, "Content-Transfer-Encoding: base64"], base64Body(text));

function attachmentPart({ filename, contentType, content }: MailAttachment): string {
  if (!/^[\w.-]+$/.test(filename)) throw new Error(`Not a file name: ${JSON.stringify(filename)}`);
  const headers = [
    `Content-Type: ${contentType}; name="${filename}"`,
    "Content-Transfer-Encoding: base64",
    `Content-Disposition: attachment; filename="${filename}"`,
  ];
  return entity(headers, base64Body(content));
}

/** RFC 5322 date-time in UTC: "Tue, 03 Mar 2026 15:42:00 +0000". */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

/**
 * The whole message: its headers and a multipart/alternative body (plain text, then HTML), inside
 * a multipart/mixed one after it when files are attached.
 */
export function buildRawMessage(mail: OutgoingMail): string {
  if (!isPlainMessageId(mail.messageId)) throw new Error(`Not a Message-ID: ${JSON.stringify(mail.messageId)}`);
  if (mail.to.length === 0) throw new Error("A message needs at least one recipient");
  const headers = [
    `Date: ${rfc5322Date(mail.date)}`,
    `From: ${mailbox(mail.from)}`,
    ...(mail.replyTo ? [`Reply-To: ${mailbox(mail.replyTo)}`] : []),
    `To: ${mail.to.map((address) => mailbox({ address })).join(`,${CRLF} `)}`,
    `Message-ID: <${mail.messageId}>`,
    `Subject: ${encodedWords(singleLine(mail.subject))}`,
    "MIME-Version: 1.0",
  ];
  // Ids that came from elsewhere are written only when they are of the plain form: nothing else reaches a header.
  if (mail.inReplyTo && isPlainMessageId(mail.inReplyTo)) headers.push(`In-Reply-To: <${mail.inReplyTo}>`);
  const references = (mail.references ?? []).filter(isPlainMessageId);
  if (references.length > 0) headers.push(`References: ${references.map((id) => `<${id}>`).join(`${CRLF} `)}`);
  if (mail.autoSubmitted) headers.push("Auto-Submitted: auto-generated");
  const alternative = multipart("alternative", [textPart("text/plain", mail.text), textPart("text/html", mail.html)]);
  const attachments = (mail.attachments ?? []).map(attachmentPart);
  const body = attachments.length > 0 ? multipart("mixed", [alternative, ...attachments]) : alternative;
  return [...headers, body].join(CRLF);
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an HTML body or attribute: markup characters escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
