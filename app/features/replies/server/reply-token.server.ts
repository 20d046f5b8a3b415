import { encodeBase32LowerCaseNoPadding } from "@oslojs/encoding";
import { hmacSha256, linkKeys, textsMatch } from "~/keys/keys.server";
import type { InboxKind } from "~/records/kinds";

// The reply address's token (docs/decisions/041-reply-address-and-threading.md):
// reply+<kind letter><record id's 32 hex digits>.<mac>@<reply domain>. The mac is an HMAC-SHA256 of
// the kind and the id under the "reply-address" key (keys.server.ts), cut to 100 bits: whoever
// does not hold the secret cannot make the address of a record, nor change a token to name another. The
// whole local part is 60 characters (RFC 5321 allows 64), in lower case only, since mail systems
// may change the letter case of a local part.

const KIND_LETTER: Record<InboxKind, string> = { contact: "c", serviceRequest: "s" };
const KIND_OF_LETTER: Record<string, InboxKind> = { c: "contact", s: "serviceRequest" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([cs])([0-9a-f]{32})\.([a-z2-7]{20})$/;
const LOCAL_PREFIX = "reply+";

// The mac: the first 100 bits of the HMAC in lower-case base32 (20 characters). New addresses use
// the "reply-address" key, addresses sent before it existed still verify under the legacy one
// (keys.server.ts, decision 058): both under LINK_SECRET, or SESSION_SECRET while it is unset.
const macUnder = (key: Uint8Array, kind: InboxKind, id: string) =>
  encodeBase32LowerCaseNoPadding(hmacSha256(key, `${kind}:${id}`)).slice(0, 20);

async function macOf(secret: string, kind: InboxKind, id: string): Promise<string> {
  const [key] = await linkKeys(secret, "reply-address");
  return macUnder(key, kind, id);
}

/** The token naming this record, or null for an id that is not a UUID (records' ids are). */
export async function replyToken(secret: string, kind: InboxKind, id: string): Promise<string | null> {
  const lower = id.toLowerCase();
  if (!UUID.test(lower)) return null;
  return `${KIND_LETTER[kind]}${lower.replaceAll("-", "")}.${await macOf(secret, kind, lower)}`;
}

/** The reply address of a record: reply+<token>@<domain>. */
export async function replyAddress(secret: string, domain: string, kind: InboxKind, id: string) {
  const token = await replyToken(secret, kind, id);
  return token ? `${LOCAL_PREFIX}${token}@${domain}` : null;
}

/**
 * The record a recipient address names, when it is reply+<token>@<domain> and its token is genuine;
 * null for any other address, a token made without the secret, or one changed to name another record.
 */
export async function recordOfReplyAddress(
  secret: string,
  domain: string,
  address: string,
): Promise<{ kind: InboxKind; id: string } | null> {
  const lower = address.trim().toLowerCase();
  const at = lower.lastIndexOf("@");
  if (at < 0 || lower.slice(at + 1) !== domain.toLowerCase()) return null;
  const local = lower.slice(0, at);
  if (!local.startsWith(LOCAL_PREFIX)) return null;
  const match = TOKEN.exec(local.slice(LOCAL_PREFIX.length));
  if (!match) return null;
  const [, letter, hex, mac] = match as unknown as [string, string, string, string];
  const kind = KIND_OF_LETTER[letter]!;
  const id = `${hex.slice(0, 8)}-${hex.slice(8, 12)}-${hex.slice(12, 16)}-${hex.slice(16, 20)}-${hex.slice(20)}`;
  const keys = await linkKeys(secret, "reply-address");
  return keys.some((key) => textsMatch(macUnder(key, kind, id), mac)) ? { kind, id } : null;
}
