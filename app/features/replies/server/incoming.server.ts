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

// Bounces that are not RFC 3464 reports: the forms mail servers have used for decades.
const BOUNCE_SENDER = /^(?:mailer-daemon|postmaster)@/i;
const BOUNCE_SUBJECT =
  /^(?:undeliver(?:ed|able)(?: mail)?(?: returned to sender)?|delivery status notification \(failure\)|mail delivery (?:failed|failure)|delivery (?:failure|has failed)|returned mail|failure notice|message not delivered|mail system error)(?!\w)/i;

/** Whether the envelope sender (Return-Path) is the null path `<>` that bounces and auto-replies use. */
const isNullSender = (email: Email, envelopeFrom: string) => {
  const returnPath = header(email, "return-path");
  return ["", "<>"].includes(envelopeFrom.trim()) || returnPath === "<>";
};

/**
 * A bounce: the customer's address did not take the shop's reply. A delivery status report
 * (RFC 3464), or one of the common older forms: from MAILER-DAEMON or postmaster, a subject such as
 * "Undelivered Mail Returned to Sender", or the null sender `<>` on mail that is not an auto-reply.
 */
export function isBounce(email: Email, envelopeFrom: string): boolean {
  const type = (header(email, "content-type") ?? "").toLowerCase();
  if (/^multipart\/report\b/.test(type) && /report-type\s*=\s*"?delivery-status/.test(type)) return true;
  if (BOUNCE_SENDER.test(email.from?.address ?? "") || BOUNCE_SENDER.test(envelopeFrom.trim())) return true;
  if (BOUNCE_SUBJECT.test((email.subject ?? "").trim())) return true;
  return isNullSender(email, envelopeFrom) && !isAutomatic(email);
}

const OUT_OF_OFFICE =
  /^(?:auto(?:matic)?[ -]?(?:reply|response|antwort)|out of (?:the )?office|abwesenheitsnotiz|automatische antwort|r[ée]ponse automatique|absence)\b/i;

/**
 * Mail that no person wrote, on the headers that say so: RFC 3834's Auto-Submitted other than "no",
 * Precedence bulk/junk/list, and the out-of-office forms (X-Autoreply, X-Autorespond, Precedence
 * auto_reply, an out-of-office subject). Kept on the record, but not the customer answering.
 * X-Auto-Response-Suppress is not one: Outlook puts it on mail people write, asking others'
 * auto-replies to stay quiet.
 */
export function isAutomatic(email: Email): boolean {
  const autoSubmitted = header(email, "auto-submitted")?.toLowerCase();
  if (autoSubmitted && !autoSubmitted.startsWith("no")) return true;
  if (header(email, "x-autoreply") || header(email, "x-autorespond")) return true;
  const precedence = header(email, "precedence")?.toLowerCase();
  if (precedence && ["bulk", "auto_reply", "list", "junk"].includes(precedence)) return true;
  return OUT_OF_OFFICE.test((email.subject ?? "").trim().replace(/^(?:re|aw|fwd?):\s*/i, ""));
}

const ENTITIES: Record<string, string> = { amp: "&", lt: "<", gt: ">", quot: '"', apos: "'", nbsp: " " };

// Elements whose text is not the message's: dropped with everything up to their end tag (an
// unclosed one runs to the end, as a browser reads a <script>).
const HIDDEN = new Map(
  ["script", "style", "title", "template"].map((name) => [name, new RegExp(`</${name}\\b`, "gi")] as const),
);
const BLOCKS = new Set(["p", "div", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "blockquote"]);
const TAG_NAME = /<(\/?)([a-z][a-z0-9-]{0,30})/iy;
const HREF = /\bhref\s*=\s*(?:"([^"]*)"|'([^']*)'|([^\s"'>]+))/i;

/** The index just past the `>` that ends the tag whose attributes start at `from` (quotes honoured), or -1. */
function tagEnd(html: string, from: number): number {
  for (let index = from; index < html.length; index++) {
    const character = html[index];
    if (character === ">") return index + 1;
    if (character === '"' || character === "'") {
      const close = html.indexOf(character, index + 1);
      if (close < 0) return -1;
      index = close;
    }
  }
  return -1;
}

/**
 * An HTML body as plain text: scripts, styles and comments dropped, block ends as line breaks, a
 * link as its words followed by its address (never a link of its own), other tags removed,
 * entities decoded. The result is text, shown escaped like any other.
 *
 * One pass from start to end, each character looked at a bounded number of times: regular
 * expressions that search ahead for a closing tag ran to the end again for every unclosed
 * `<script>` or `<a>` (seconds for a message of them, issue 37), and the platform's HTMLRewriter
 * took seconds too and ran out of memory on deeply nested tags. No tree is built: an element is
 * only told apart by its name.
 */
export function htmlToText(html: string): string {
  const parts: string[] = [];
  let link: { href: string; start: number } | null = null;
  // Links do not nest in HTML: an <a> opened while another is open closes it, so each part is
  // gathered into at most one label.
  const closeLink = () => {
    if (!link) return;
    const { href, start } = link;
    link = null;
    const label = parts.splice(start).join("").trim();
    parts.push(label && label !== href ? `${label} (${href})` : href);
  };
  let at = 0;
  while (at < html.length) {
    const open = html.indexOf("<", at);
    if (open < 0) {
      parts.push(html.slice(at));
      break;
    }
    if (open > at) parts.push(html.slice(at, open));
    if (html.startsWith("<!--", open)) {
      const close = html.indexOf("-->", open + 4);
      if (close < 0) break;
      at = close + 3;
      continue;
    }
    if (html.startsWith("<!", open) || html.startsWith("<?", open)) {
      const close = html.indexOf(">", open + 2);
      if (close < 0) break;
      at = close + 1;
      continue;
    }
    TAG_NAME.lastIndex = open;
    const tag = TAG_NAME.exec(html);
    if (!tag) {
      parts.push("<");
      at = open + 1;
      continue;
    }
    const end = tagEnd(html, TAG_NAME.lastIndex);
    if (end < 0) break;
    const closing = tag[1] === "/";
    const name = tag[2]!.toLowerCase();
    at = end;
    if (!closing && HIDDEN.has(name)) {
      // Its end tag, searched for once: not found, the rest of the message is inside it.
      const closer = HIDDEN.get(name)!;
      closer.lastIndex = end;
      const found = closer.exec(html);
      if (!found) break;
      const after = tagEnd(html, closer.lastIndex);
      if (after < 0) break;
      at = after;
    } else if (name === "a") {
      closeLink();
      const href = closing
        ? undefined
        : HREF.exec(html.slice(TAG_NAME.lastIndex, end))
            ?.slice(1)
            .find((value) => value !== undefined);
      if (href?.trim()) link = { href: href.trim(), start: parts.length };
    } else if (name === "br" || (closing && BLOCKS.has(name))) {
      parts.push("\n");
    }
  }
  closeLink();
  return parts
    .join("")
    .replace(/&(#x[0-9a-f]{1,8}|#\d{1,8}|[a-z]{1,32});/gi, (entity, name: string) => {
      if (name.startsWith("#x") || name.startsWith("#X")) return safeCodePoint(parseInt(name.slice(2), 16)) ?? entity;
      if (name.startsWith("#")) return safeCodePoint(parseInt(name.slice(1), 10)) ?? entity;
      return ENTITIES[name.toLowerCase()] ?? entity;
    })
    .split("\n")
    .map((line) => line.trimEnd())
    .join("\n")
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

/**
 * The customer's own words: the text before the quoted history, at most `max` characters. One pass
 * over the lines, and none past the first `max` characters (what lies beyond would be cut anyway).
 */
export function trimQuotedHistory(text: string, max = 20_000): string {
  const lines = text.replace(/\r\n?/g, "\n").split("\n");
  // Where the block of "> " (and blank) lines that runs to the end begins, found once from the end.
  let quotedTail = lines.length;
  while (quotedTail > 0) {
    const line = lines[quotedTail - 1]!;
    if (!(line.startsWith(">") || line.trim() === "")) break;
    quotedTail -= 1;
  }
  let end = lines.length;
  for (let index = 0, offset = 0; index < lines.length && offset <= max; index++) {
    const line = lines[index]!;
    offset += line.length + 1;
    const next = lines[index + 1] ?? "";
    const joined = `${line} ${next}`;
    // Outlook without its rule: "From: …" then "Sent: …" or "Date: …".
    const outlookHeader = /^From: .+$/.test(line) && /^(Sent|Date): /.test(next);
    const startsQuote = QUOTE_STARTS.some((pattern) => pattern.test(line) || pattern.test(joined)) || outlookHeader;
    // A block of "> " lines that runs to the end.
    const quotedToEnd = line.startsWith(">") && index >= quotedTail;
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
