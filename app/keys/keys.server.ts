import { hmac } from "@oslojs/crypto/hmac";
import { SHA256, sha256 } from "@oslojs/crypto/sha2";
import { constantTimeEqual } from "@oslojs/crypto/subtle";
import { encodeHexLowerCase } from "@oslojs/encoding";
import type { AppEnv } from "~/http/env.server";

// One key per purpose (docs/decisions/058-one-key-per-purpose.md): every key the Worker uses is
// derived from a root secret with HKDF-SHA-256 and the purpose's label, so no two purposes share a
// key, and no key is a root secret itself. Two roots, because they are changed for different reasons:
//
// - SESSION_SECRET (and, while it is being replaced, SESSION_SECRET_PREVIOUS): what lives hours at
//   most — the site's signed cookies and the staff links sealed into queued emails. New values are
//   made under the current secret; values made under either still open.
// - LINK_SECRET, or SESSION_SECRET while it is unset: what outlives a session — the customer's
//   appointment link, reply addresses and recovery codes. Changing it kills them all; changing
//   SESSION_SECRET does not touch them once LINK_SECRET is set.
//
// Values of the long-lived purposes made before the keys were derived (with the root or a
// labelled root as the key) still verify: legacyKey below, under the same root.

export type SecretsEnv = Pick<AppEnv, "SESSION_SECRET" | "SESSION_SECRET_PREVIOUS" | "LINK_SECRET">;

/** What a key is for: a signed cookie (by its name), a sealed staff link, or a long-lived purpose. */
export type KeyPurpose = `cookie:${string}` | "staff-mail-token" | "estimate-link" | LinkPurpose;
export type LinkPurpose = "appointment-link" | "reply-address" | "recovery-code";

const encoder = new TextEncoder();

// Derived once per root and purpose for the isolate's life: the roots change only with a deploy.
const derived = new Map<string, Promise<Uint8Array<ArrayBuffer>>>();

/** The purpose's 256-bit key under a root secret: HKDF-SHA-256 (no salt, the label as info). */
export function purposeKey(secret: string, purpose: KeyPurpose): Promise<Uint8Array<ArrayBuffer>> {
  const id = `${purpose}\n${secret}`;
  let key = derived.get(id);
  if (!key) {
    key = crypto.subtle
      .importKey("raw", encoder.encode(secret), "HKDF", false, ["deriveBits"])
      .then((root) =>
        crypto.subtle.deriveBits(
          { name: "HKDF", hash: "SHA-256", salt: new Uint8Array(0), info: encoder.encode(purpose) },
          root,
          256,
        ),
      )
      .then((bits) => new Uint8Array(bits));
    derived.set(id, key);
  }
  return key;
}

/** The session roots, the current first: new values are made with it, either opens. */
export function sessionSecrets(env: SecretsEnv): string[] {
  return env.SESSION_SECRET_PREVIOUS ? [env.SESSION_SECRET, env.SESSION_SECRET_PREVIOUS] : [env.SESSION_SECRET];
}

/** The root of the long-lived purposes. */
export function linkSecret(env: SecretsEnv): string {
  return env.LINK_SECRET ?? env.SESSION_SECRET;
}

// The keys these purposes had before decision 058, kept for the values already sent: links in
// customers' mailboxes, reply addresses in their threads, recovery codes printed by members.
const LEGACY_KEY_TEXT: Record<LinkPurpose, (secret: string) => string> = {
  "appointment-link": (secret) => secret,
  "reply-address": (secret) => `reply-address-token:${secret}`,
  "recovery-code": (secret) => `recovery-code:${secret}`,
};

const legacyKey = (secret: string, purpose: LinkPurpose) => encoder.encode(LEGACY_KEY_TEXT[purpose](secret));

/** The keys a long-lived value may have been made with: the one for new values first, then the legacy one. */
export async function linkKeys(secret: string, purpose: LinkPurpose): Promise<[Uint8Array, Uint8Array]> {
  return [await purposeKey(secret, purpose), legacyKey(secret, purpose)];
}

/** The signing secrets of one cookie for React Router's createCookie: it signs with the first and takes any. */
export async function cookieSecrets(env: SecretsEnv, name: string): Promise<string[]> {
  return Promise.all(
    sessionSecrets(env).map(async (secret) => encodeHexLowerCase(await purposeKey(secret, `cookie:${name}`))),
  );
}

/** HMAC-SHA-256 of a text or bytes. */
export function hmacSha256(key: Uint8Array, message: string | Uint8Array): Uint8Array {
  return hmac(SHA256, key, typeof message === "string" ? encoder.encode(message) : message);
}

/** SHA-256 of a text, in lower-case hex: what D1 keeps of a token. */
export function sha256Hex(text: string): string {
  return encodeHexLowerCase(sha256(encoder.encode(text)));
}

/** Whether two texts are equal, in a time that says nothing about where they differ. */
export function textsMatch(a: string, b: string): boolean {
  const [left, right] = [encoder.encode(a), encoder.encode(b)];
  return left.length === right.length && constantTimeEqual(left, right);
}
