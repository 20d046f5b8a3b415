import type { Email } from "postal-mime";
import type { Attachment } from "../messages";

// What an email that came in says, read from postal-mime's parse: whether it is automatic or a
// bounce, the Message-IDs it answers, and its text with the quoted history trimmed. Nothing here
// renders HTML: an HTML-only message is turned into plain text, which the pages escape.

const header = (email: Email, name: string) => email.headers.find((each) => each.key === name)?.value.trim();

/** Every `<id>` in In-Reply-To and References, newest last, without their brackets. */
export function answeredMessageIds(email: Email): string[] {
  const ids = `${email.references ?? ""} ${email.inReplyTo ?? ""}`.match(/<[^<>\s]+>/g) ?? [];
  return [...new Set(ids.map((id) => id.slice(1, -1).toLowerCase()))].slice(-50);
}

/** A delivery status report (RFC 3464): the customer's address did not take the shop's reply. */
export function isBounce(email: Email): boolean {
  const type = (header(email, "content-type") ?? "").toLowerCase();
  return /^multipart\/report\b/.test(type) && /report-type\s*=\s*"?delivery-status/.test(type);
}

const OUT_OF_OFFICE =
  /^(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|out of (?:the )?office|abwesenheitsnotiz|automatische antwort|r[ée]ponse automatique|absence)\b/i;

/**
 * Mail that no person wrote (RFC 3834 Auto-Submitted other than "no", X-Autoreply, X-Autorespond,
 * Precedence bulk/auto_reply/list/junk, a mailing list, an out-of-office subject): kept on the
 * record, but not the customer answering.
 */
export function isAutomatic(email: Email): boolean {
  const autoSubmitted = header(email, "auto-submitted")?.toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith("no")) return true;
  if (header(email, "x-autoreply") || header(email, "x-autorespond") || header(email, "x-auto-response-suppress")) {
    return true;
  }
  const precedence = header(email, "precedence")?.toLowerCase();
  if (precedence && ["bulk", "auto_reply", "list", "junk"].includes(precedence)) return true;
  if (header(email, "list-id")) return true;
  return OUT_OF_OFFICE.test((email.subject ?? "").trim().replace(/^(?:re|aw|fwd?):\s*/i, ""));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

/**
 * An HTML body as plain text: scripts, styles and comments dropped, block ends as line breaks, a
 * link as its words followed by its address (never a link of its own), other tags removed,
 * entities decoded. The result is text, shown escaped like any other.
 */
export function htmlToText(html: string): string {
  return html
    .replace(/<(script|style|head|title)\b[\s\S]*?<\/\1\s*>/gi, "")
    .replace(/<!--[\s\S]*?-->/g, "")
    .replace(/<a\b[^>]*?\bhref\s*=\s*["']([^"']*)["'][^>]*>([\s\S]*?)<\/a\s*>/gi, (_, href: string, words: string) => {
      const label = words.replace(/<[^>]*>/g, "").trim();
      return label && label !== href ? `${label} (${href})` : href;
    })
    .replace(/<br\s*\/?>/gi, "\n")
    .replace(/<\/(p|div|li|tr|h[1-6]|blockquote)\s*>/gi, "\n")
    .replace(/<[^>]*>/g, "")
    .replace(/&(#x[0-9a-f]+|#\d+|[a-z]+);/gi, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return safeCodePoint(parseInt(name.slice(2), 16)) ?? entity;
      if (name.startsWith("#")) return safeCodePoint(parseInt(name.slice(1), 10)) ?? entity;
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .replace(/[ \t]+\n/g, "\n")
    .replace(/\n{3,}/g, "\n\n");
}

const safeCodePoint = (code: number) =>
  Number.isInteger(code) && code > 0 && code <= 0x10ffff && !(code >= 0xd800 && code <= 0xdfff)
    ? String.fromCodePoint(code)
    : undefined;

// Where the history a mail client quotes below (or above) an answer begins.
const QUOTE_STARTS = [
  /^On .{1,200}wrote:\s*$/, // Gmail, Apple Mail, Thunderbird
  /^Am .{1,200}schrieb .{1,200}:\s*$/,
  /^Le .{1,200}a écrit\s*:\s*$/,
  /^-{2,}\s*Original Message\s*-{2,}\s*$/i,
  /^_{10,}\s*$/, // Outlook's rule above "From:"
];

/** The customer's own words: the text before the quoted history, at most `max` characters. */
export function trimQuotedHistory(text: string, max = 20_000): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  let end = lines.length;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index]!;
    const next = lines[index + 1] ?? "";
    const joined = `${line} ${next}`;
    const outlookHeader = /^From: .+$/.test(line) && /^(Sent|Date): /.test(next);
    // Outlook without its rule: "From: …" then "Sent: …" or "Date: …".
    const startsQuote = QUOTE_STARTS.some((pattern) => pattern.test(line) || pattern.test(joined)) || outlookHeader;
    // A block of "> " lines that runs to the end.
    const quotedToEnd =
      line.startsWith(">") && lines.slice(index).every((rest) => rest.trim() === "" || rest.startsWith(">"));
    if ((startsQuote && index > 0) || quotedToEnd) {
      end = index;
      break;
    }
  }
  const own = lines.slice(0, end).join("\n").trim();
  // Nothing of their own above the quote (a top-quoted forward): keep it all rather than nothing.
  const kept = own === "" ? text.trim() : own;
  return kept.length > max ? `${kept.slice(0, max)}…` : kept;
}

/** The attachments, listed only: name, type and size. */
export function attachmentsOf(email: Email): Attachment[] {
  return email.attachments.slice(0, 50).map((attachment) => ({
    name: (attachment.filename ?? "(no name)").slice(0, 200),
    type: attachment.mimeType.slice(0, 100),
    size:
      typeof attachment.content === "string"
        ? attachment.encoding === "base64"
          ? Math.floor((attachment.content.length * 3) / 4)
          : new TextEncoder().encode(attachment.content).length
        : attachment.content.byteLength,
  }));
}
