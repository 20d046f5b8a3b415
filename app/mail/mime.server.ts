import { encodeBase64 } from "@oslojs/encoding";
import { createMimeMessage, Mailbox } from "mimetext/browser";
import { isMailAddress } from "../http/env.server";

// Raw MIME for the send_email binding, built with mimetext (docs/decisions/030-notifications.md).
// Its browser build: CRLF line ends as RFC 5322 asks (the Node build uses the OS's "\n") and no
// MIME-type database in the Worker's bundle. mimetext encodes display names and the subject as
// UTF-8 encoded words, but writes addresses, custom header values and bodies as given: so every
// address is checked here, no visitor text reaches a header but through an encoded word, and
// bodies are base64 (which also keeps any line of a visitor's message from reading as a boundary).

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

/** The domain of an address, for Message-IDs ("shop@example.com" → "example.com"). */
export function domainOf(address: string): string {
  return address.slice(address.lastIndexOf("@") + 1);
}

function mailbox({ address, name }: MailAddress): Mailbox {
  if (!isMailAddress(address)) throw new Error(`Not a mail address: ${JSON.stringify(address)}`);
  const displayName = name === undefined ? "" : singleLine(name);
  return new Mailbox(displayName ? { addr: address, name: displayName } : { addr: address });
}

/** UTF-8 text in its canonical form (CRLF line ends, RFC 2046) as base64 in lines of 76 characters (RFC 2045). */
function base64Body(text: string): string {
  const base64 = encodeBase64(new TextEncoder().encode(text.replace(/\r?\n/g, "\r\n")));
  return (base64.match(/.{1,76}/g) ?? []).join("\r\n");
}

/** RFC 5322 date-time in UTC: "Tue, 03 Mar 2026 15:42:00 +0000". */
function rfc5322Date(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

/** The whole message, headers and a multipart/alternative body (plain text, then HTML). */
export function buildRawMessage(mail: OutgoingMail): string {
  if (!MESSAGE_ID.test(mail.messageId)) throw new Error(`Not a Message-ID: ${JSON.stringify(mail.messageId)}`);
  if (mail.to.length === 0) throw new Error("A message needs at least one recipient");
  const message = createMimeMessage();
  message.setHeader("From", mailbox(mail.from));
  message.setHeader(
    "To",
    mail.to.map((address) => mailbox({ address })),
  );
  if (mail.replyTo) message.setHeader("Reply-To", mailbox(mail.replyTo));
  message.setSubject(singleLine(mail.subject));
  message.setHeader("Date", rfc5322Date(mail.date));
  message.setHeader("Message-ID", `<${mail.messageId}>`);
  // Ids that came from elsewhere are written only when they are of the plain form: nothing else reaches a header.
  if (mail.inReplyTo && MESSAGE_ID.test(mail.inReplyTo)) message.setHeader("In-Reply-To", `<${mail.inReplyTo}>`);
  const references = (mail.references ?? []).filter((id) => MESSAGE_ID.test(id));
  if (references.length > 0) message.setHeader("References", references.map((id) => `<${id}>`).join(" "));
  if (mail.autoSubmitted) message.setHeader("Auto-Submitted", "auto-generated");
  message.addMessage({ contentType: "text/plain", encoding: "base64", data: base64Body(mail.text) });
  message.addMessage({ contentType: "text/html", encoding: "base64", data: base64Body(mail.html) });
  for (const file of mail.attachments ?? []) {
    if (!/^[\w.-]+$/.test(file.filename)) throw new Error(`Not a file name: ${JSON.stringify(file.filename)}`);
    message.addAttachment({ filename: file.filename, contentType: file.contentType, data: base64Body(file.content) });
  }
  return message.asRaw();
}

const HTML_ESCAPES: Record<string, string> = { "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" };

/** Text for an HTML body or attribute: markup characters escaped. */
export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (character) => HTML_ESCAPES[character] ?? character);
}
