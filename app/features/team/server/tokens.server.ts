import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { purposeKey, type SecretsEnv, sessionSecrets, sha256Hex, textsMatch } from "~/keys/keys.server";

// The secret in an invitation or password-reset link (docs/decisions/032-staff-links.md).
// A link's token is `<id>.<verifier>`: the id finds the row (it is no secret: the team page lists
// invitations by it), the verifier is 256 random bits of which D1 keeps only the SHA-256. The
// stored hash is compared in constant time, so response times say nothing about how much of a
// guessed verifier was right. Using a link claims its row in one conditional UPDATE: of two
// requests with the same token, one wins (app/features/team/server/invitations.server.ts, password-resets…).

const VERIFIER_BYTES = 32;
const TOKEN_PATTERN = /^([0-9a-f-]{36})\.([A-Za-z0-9_-]{43})$/;

export type IssuedToken = { id: string; token: string; verifierHash: string };

/** A new token: the link's text (shown once, never stored) and the hash D1 keeps. */
export function issueToken(): IssuedToken {
  const id = crypto.randomUUID();
  const verifier = encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(VERIFIER_BYTES)));
  return { id, token: `${id}.${verifier}`, verifierHash: sha256Hex(verifier) };
}

/** The row id a token names, or null when it is not shaped like one of ours. */
export function tokenId(token: string): string | null {
  return TOKEN_PATTERN.exec(token)?.[1] ?? null;
}

/** Whether the token's verifier is the one whose hash was stored. */
export function verifierMatches(token: string, storedHash: string): boolean {
  const verifier = TOKEN_PATTERN.exec(token)?.[2];
  return verifier !== undefined && textsMatch(sha256Hex(verifier), storedHash);
}

// A queued email carries its link sealed (AES-GCM under the "staff-mail-token" key, keys.server.ts),
// so the token never sits in a queue message, a retry's log line or the dashboard in the clear.
// Sealed with the current SESSION_SECRET; opened with it or SESSION_SECRET_PREVIOUS.
async function sealingKey(secret: string): Promise<CryptoKey> {
  return crypto.subtle.importKey("raw", await purposeKey(secret, "staff-mail-token"), "AES-GCM", false, [
    "encrypt",
    "decrypt",
  ]);
}

export async function sealToken(token: string, env: SecretsEnv): Promise<string> {
  const [secret] = sessionSecrets(env);
  const iv = crypto.getRandomValues(new Uint8Array(12));
  const sealed = await crypto.subtle.encrypt(
    { name: "AES-GCM", iv },
    await sealingKey(secret!),
    new TextEncoder().encode(token),
  );
  return `${encodeBase64urlNoPadding(iv)}.${encodeBase64urlNoPadding(new Uint8Array(sealed))}`;
}

// Copied into an ArrayBuffer of its own, as Web Crypto takes it.
const bytesOf = (base64url: string) => new Uint8Array(decodeBase64urlIgnorePadding(base64url));

/** The token a queued email carries, or null when it was not sealed with a session secret still set. */
export async function unsealToken(sealed: string, env: SecretsEnv): Promise<string | null> {
  const [iv, data] = sealed.split(".");
  if (!iv || !data) return null;
  for (const secret of sessionSecrets(env)) {
    try {
      const opened = await crypto.subtle.decrypt(
        { name: "AES-GCM", iv: bytesOf(iv) },
        await sealingKey(secret),
        bytesOf(data),
      );
      return new TextDecoder().decode(opened);
    } catch {
      // Not base64url, or not sealed under this secret: try the next.
    }
  }
  return null;
}
