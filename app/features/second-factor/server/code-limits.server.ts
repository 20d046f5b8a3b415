import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { users } from "~/db/schema/staff";
import type { AppEnv } from "../../../http/env.server";
import type { Acting } from "../../../http/staff-member.server";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../../audit/audit.server";

// Codes cannot be guessed over time (docs/security.md). Besides the throttle per browser and client
// (login-throttle.server.ts, counted like passwords), each account counts the codes tried for it
// wherever they are entered (the sign-in's second step, the check before what matters):
// - at most CODES_PER_DAY a day: an attacker spread over many addresses gets 20 guesses a day,
//   not 100 every quarter hour;
// - at most CODES_IN_A_ROW wrong in a row in all (NIST SP 800-63B §5.2.2: no more than 100
//   consecutive failures), after which codes sign the account in no more until a reset link sets a
//   new password or an owner resets its second factor; the member is told by email.
// With 3 codes accepted of 1,000,000 (this step and one either side), 100 guesses succeed with a
// probability of 0.03 %. A code is counted before it is checked, so parallel guesses cannot slip
// past; a right one takes its count back.

export const CODES_PER_DAY = 20;
export const CODES_IN_A_ROW = 100;
const DAY_MS = 24 * 60 * 60 * 1000;

export type AccountCodeGate =
  { status: "open" } | { status: "locked" } | { status: "day-limit"; retryAfterSeconds: number };

/** Counts one code about to be checked for this account; whether it may be checked at all. */
export async function countAccountCode(env: AppEnv, userId: string, now: Date): Promise<AccountCodeGate> {
  const at = now.getTime();
  const dayOver = sql`${users.codeDayStartedAt} <= ${at - DAY_MS}`;
  const full = sql`(not (${dayOver}) and ${users.codeDayFailures} >= ${CODES_PER_DAY})`;
  // SQLite reads the old row in every expression of one UPDATE.
  const row = await getDb(env)
    .update(users)
    .set({
      codeFailures: sql`case when ${full} then ${users.codeFailures} else ${users.codeFailures} + 1 end`,
      codeDayFailures: sql`case when ${dayOver} then 1 else ${users.codeDayFailures} + 1 end`,
      codeDayStartedAt: sql`case when ${dayOver} then ${at} else ${users.codeDayStartedAt} end`,
    })
    .where(sql`${users.id} = ${userId} and ${users.codesLockedAt} is null`)
    .returning({
      inARow: users.codeFailures,
      today: users.codeDayFailures,
      dayStartedAt: users.codeDayStartedAt,
    })
    .get();
  if (!row || row.inARow > CODES_IN_A_ROW) return { status: "locked" };
  if (row.today > CODES_PER_DAY) {
    return { status: "day-limit", retryAfterSeconds: Math.ceil((row.dayStartedAt + DAY_MS - at) / 1000) };
  }
  return { status: "open" };
}

/** A right code: the count in a row starts again, and this one no longer counts for the day. */
export async function forgiveAccountCode(env: AppEnv, userId: string): Promise<void> {
  await getDb(env)
    .update(users)
    .set({ codeFailures: 0, codeDayFailures: sql`max(${users.codeDayFailures} - 1, 0)` })
    .where(eq(users.id, userId));
}

/**
 * A wrong code: when it is the last one allowed in a row, the account's codes lock (once: true
 * only for the request that locked them, which tells the member).
 */
export async function lockCodesIfSpent(env: AppEnv, member: { id: string; username: string }, acting: Acting) {
  const db = getDb(env);
  const [locked] = await db.batch([
    db
      .update(users)
      .set({ codesLockedAt: acting.at })
      .where(
        sql`${users.id} = ${member.id} and ${users.codesLockedAt} is null and ${users.codeFailures} >= ${CODES_IN_A_ROW}`,
      )
      .returning({ id: users.id }),
    auditInsertIf(db, { ...acting, action: "second-factor.locked", target: member.username }, AUDIT_IF_CHANGED),
  ]);
  return locked.length > 0;
}

/** What opens locked codes again: a password set by a reset link, an owner's second-factor reset. */
export const unlockCodesSet = { codeFailures: 0, codeDayFailures: 0, codesLockedAt: null } as const;

export const LOCKED_MESSAGE =
  "Codes no longer sign this account in: too many wrong ones were entered. Use “Forgot password?” to set a new password by email, or ask one of the shop's owners.";
export const DAY_LIMIT_MESSAGE = "Too many codes were tried for this account today. Please try again tomorrow.";
