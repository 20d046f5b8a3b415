import { constantTimeEqual } from "@oslojs/crypto/subtle";
import type { InboxKind } from "~/records/kinds";

// The reply address's token (docs/decisions/041-reply-address-and-threading.md):
// reply+<kind letter><record id's 32 hex digits>.<mac>@<reply domain>. The mac is an HMAC-SHA256 of
// the kind and the id under a key derived from SESSION_SECRET, cut to 100 bits: whoever does not
// hold the secret cannot make the address of a record, nor change a token to name another. The
// whole local part is 60 characters (RFC 5321 allows 64), in lower case only, since mail systems
// may change the letter case of a local part.

const KIND_LETTER: Record<InboxKind, string> = { contact: "c", serviceRequest: "s" };
const KIND_OF_LETTER: Record<string, InboxKind> = { c: "contact", s: "serviceRequest" };
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
const TOKEN = /^([cs])([0-9a-f]{32})\.([a-z2-7]{20})$/;
const BASE32 = "abcdefghijklmnopqrstuvwxyz234567";
const LOCAL_PREFIX = "reply+";

// A key of its own for this purpose: the session secret, separated by a label, never used bare.
const keys = new Map<string, Promise<CryptoKey>>();
function keyFor(secret: string): Promise<CryptoKey> {
  let key = keys.get(secret);
  if (!key) {
    const material = new TextEncoder().encode(`reply-address-token:${secret}`);
    key = crypto.subtle.importKey("raw", material, { name: "HMAC", hash: "SHA-256" }, false, ["sign"]);
    keys.set(secret, key);
  }
  return key;
}

function base32(bytes: Uint8Array, characters: number): string {
  let bits = 0;
  let value = 0;
  let out = "";
  for (const byte of bytes) {
    value = (value << 8) | byte;
    bits += 8;
    while (bits >= 5 && out.length < characters) {
      out += BASE32[(value >>> (bits - 5)) & 31];
      bits -= 5;
    }
    value &= 0xff;
    if (out.length >= characters) break;
  }
  return out;
}

async function macOf(secret: string, kind: InboxKind, id: string): Promise<string> {
  const signature = await crypto.subtle.sign("HMAC", await keyFor(secret), new TextEncoder().encode(`${kind}:${id}`));
  return base32(new Uint8Array(signature), 20);
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
  const expected = new TextEncoder().encode(await macOf(secret, kind, id));
  return constantTimeEqual(expected, new TextEncoder().encode(mac)) ? { kind, id } : null;
}
