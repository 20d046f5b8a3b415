import { and, count, eq, inArray, isNull } from "drizzle-orm";
import { encodeBase32LowerCaseNoPadding, encodeHexLowerCase } from "@oslojs/encoding";
import type { Database } from "~/db/db.server";
import { recoveryCodes } from "~/db/schema/second-factor";
import { hmacSha256, linkKeys } from "~/keys/keys.server";

// Recovery codes: ten per member, each single use, shown once and kept only as HMAC-SHA-256 under
// the "recovery-code" key (from LINK_SECRET, or SESSION_SECRET while it is unset) and bound to the
// member. They carry 50 random bits each, so a fast keyed hash is enough (a slow password hash
// protects guessable secrets); a copy of the database alone cannot check a guess. Changing that root
// makes them worthless: make new codes after (decisions 035, 058).

export const RECOVERY_CODE_COUNT = 10;
const CODE_BYTES = 7; // of which 50 bits are kept: 10 base32 characters in two groups ("abcde-fghij")

/** How a person may type one: any case, with or without the hyphen and spaces. */
export const normalizeRecoveryCode = (code: string) => code.toLowerCase().replace(/[\s-]/g, "");

export const looksLikeRecoveryCode = (code: string) => /^[a-z2-7]{10}$/.test(normalizeRecoveryCode(code));

function newRecoveryCode(): string {
  const text = encodeBase32LowerCaseNoPadding(crypto.getRandomValues(new Uint8Array(CODE_BYTES))).slice(0, 10);
  return `${text.slice(0, 5)}-${text.slice(5)}`;
}

// The "recovery-code" key for new codes; codes made before it existed match under the legacy key
// (keys.server.ts, decision 058).
const codeHashUnder = (key: Uint8Array, userId: string, code: string) =>
  encodeHexLowerCase(hmacSha256(key, `${userId}:${normalizeRecoveryCode(code)}`));

/** Replaces the member's codes with ten new ones: the statements (for a batch) and the codes to show. */
export async function newRecoveryCodes(db: Database, secret: string, userId: string, now: Date) {
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  const [key] = await linkKeys(secret, "recovery-code");
  const rows = codes.map((code) => ({
    id: crypto.randomUUID(),
    userId,
    codeHash: codeHashUnder(key, userId, code),
    createdAt: now,
  }));
  return {
    codes,
    statements: [
      db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
      db.insert(recoveryCodes).values(rows),
    ] as const,
  };
}

/** Uses up one of the member's codes: true once per code. */
export async function redeemRecoveryCode(db: Database, secret: string, userId: string, code: string, now: Date) {
  if (!looksLikeRecoveryCode(code)) return false;
  const hashes = (await linkKeys(secret, "recovery-code")).map((key) => codeHashUnder(key, userId, code));
  const used = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(and(eq(recoveryCodes.userId, userId), inArray(recoveryCodes.codeHash, hashes), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

/** How many unused codes the member has left. */
export async function recoveryCodesLeft(db: Database, userId: string): Promise<number> {
  const row = await db
    .select({ left: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)))
    .get();
  return row?.left ?? 0;
}
