import { constantTimeEqual } from "@oslojs/crypto/subtle";

// The secret in an invitation or password-reset link (docs/decisions/032-staff-links.md).
// A link's token is `<id>.<verifier>`: the id finds the row (it is no secret: the team page lists
// invitations by it), the verifier is 256 random bits of which D1 keeps only the SHA-256. The
// stored hash is compared in constant time, so response times say nothing about how much of a
// guessed verifier was right. Using a link claims its row in one conditional UPDATE: of two
// requests with the same token, one wins (app/features/team/server/invitations.server.ts, password-resets…).

const VERIFIER_BYTES = 32;
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export type IssuedToken = { id: string; token: string; verifierHash: string };

function base64Url(bytes: Uint8Array): string {
  let binary = "";
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return btoa(binary).replaceAll("+", "-").replaceAll("/", "_").replace(/=+$/, "");
}

async function sha256Hex(text: string): Promise<string> {
  const digest = new Uint8Array(await crypto.subtle.digest("SHA-256", new TextEncoder().encode(text)));
  return Array.from(digest, (byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A new token: the link's text (shown once, never stored) and the hash D1 keeps. */
export async function issueToken(): Promise<IssuedToken> {
  const id = crypto.randomUUID();
  const verifier = base64Url(crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
  return { id, token: `${id}.${verifier}`, verifierHash: await sha256Hex(verifier) };
}

/** The row id a token names, or null when it is not shaped like one of ours. */
export function tokenId(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

/** Whether the token's verifier is the one whose hash was stored. */
export async function verifierMatches(token: string, storedHash: string): Promise<boolean> {
  const verifier = TOKEN_PATTERN.exec(token)?.[2];
  if (!verifier) return false;
  const encoder = new TextEncoder();
  const computed = encoder.encode(await sha256Hex(verifier));
  const stored = encoder.encode(storedHash);
  return computed.length === stored.length && constantTimeEqual(computed, stored);
}

// A queued email carries its link sealed (AES-GCM, a key derived from SESSION_SECRET), so the
// token never sits in a queue message, a retry's log line or the dashboard in the clear.
async function sealingKey(secret: string): Promise<CryptoKey> {
  const material = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`staff-mail-token:${secret}`));
  return crypto.subtle.importKey("raw", material, "AES-GCM", false, ["encrypt", "decrypt"]);
}

export async function sealToken(token: string, secret: string): Promise<string> {
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await sealingKey(secret),
    new TextEncoder().encode(token),
  );
  return `${base64Url(iv)}.${base64Url(new Uint8Array(sealed))}`;
}

function fromBase64Url(text: string): Uint8Array<ArrayBuffer> {
  const binary = atob(text.replaceAll("-", "+").replaceAll("_", "/"));
  return Uint8Array.from(binary, (character) => character.charCodeAt(0));
}

/** The token a queued email carries, or null when it was not sealed with this secret. */
export async function unsealToken(sealed: string, secret: string): Promise<string | null> {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) return null;
  try {
    const opened = await crypto.subtle.decrypt(
      { name: "AES-GCM", iv: fromBase64Url(iv) },
      await sealingKey(secret),
      fromBase64Url(data),
    );
    return new TextDecoder().decode(opened);
  } catch {
    return null;
  }
}
