import { and, eq, gt, isNull } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type StaffToken, staffTokens } from "~/db/schema/staff";
import type { AppEnv } from "../../../http/env.server";
import { tokenId, verifierMatches } from "./tokens.server";

export type TokenPurpose = StaffToken["purpose"];

/**
 * What a link's token opens: a row still usable, one that was (used, revoked or expired: the
 * page answers 410), or nothing we issued (404).
 */
export type TokenLookup = { status: "valid"; row: StaffToken } | { status: "gone" } | { status: "unknown" };

export async function lookUpToken(
  env: Pick<AppEnv, "DB">,
  token: string,
  purpose: TokenPurpose,
  now: Date,
): Promise<TokenLookup> {
  const id = tokenId(token);
  if (!id) return { status: "unknown" };
  const row = await getDb(env).query.staffTokens.findFirst({
    where: and(eq(staffTokens.id, id), eq(staffTokens.purpose, purpose)),
  });
  if (!row || !verifierMatches(token, row.verifierHash)) return { status: "unknown" };
  if (row.usedAt || row.revokedAt || row.expiresAt <= now) return { status: "gone" };
  return { status: "valid", row };
}

/** A link of this id and purpose still usable at `now`: the condition its single use is claimed on. */
export const usableToken = (id: string, purpose: TokenPurpose, now: Date) =>
  and(
    eq(staffTokens.id, id),
    eq(staffTokens.purpose, purpose),
    isNull(staffTokens.usedAt),
    isNull(staffTokens.revokedAt),
    gt(staffTokens.expiresAt, now),
  );
