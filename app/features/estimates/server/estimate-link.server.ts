import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { hmacSha256, linkSecret, purposeKey, type SecretsEnv, sha256Hex } from "~/keys/keys.server";

// The customer's link, /estimates/<token> (docs/decisions/065-estimates-and-approvals.md): the token
// is an HMAC of a random per-estimate salt under the "estimate-link" key (decision 058), so every
// email about the estimate (the first, the one after a revision past 10%) carries the same link
// without D1 holding it. D1 keeps the salt and the token's SHA-256, by which a visit finds the estimate.

/** A fresh salt: 128 random bits. */
export const newEstimateSalt = () => encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));

/** The estimate's token for its salt: HMAC-SHA-256 under the "estimate-link" key, 43 base64url characters. */
export async function estimateToken(env: SecretsEnv, salt: string): Promise<string> {
  const key = await purposeKey(linkSecret(env), "estimate-link");
  return encodeBase64urlNoPadding(hmacSha256(key, `estimate-link:${salt}`));
}

/** What D1 keeps of a token: its SHA-256 in hex. */
export const estimateTokenHash = (token: string) => sha256Hex(token);

/** A token as a link brings it: base64url, 43 characters. Anything else is not looked up. */
export const isEstimateToken = (token: string | undefined): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

export const estimatePath = (token: string) => `/estimates/${token}`;
