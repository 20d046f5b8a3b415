import { and, eq, lte, lt, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { pendingSignIns } from "~/db/schema/staff";
import { z } from "~/forms/zod";
import type { AuditStatement } from "../../audit/audit.server";
import type { AppEnv } from "../../../http/env.server";
import type { SecretsEnv } from "~/keys/keys.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";

// The half-signed-in state (docs/decisions/035-second-factor.md): a member whose password was right
// and who has a second factor holds only this signed cookie until a code finishes the sign-in. It
// names the account and when the password was proven; it is no session, so no gate lets it read
// anything (the gates read the session cookie alone), and it is worth nothing after 5 minutes.
// It also names a row in D1 (pending_sign_ins): a right code deletes it, so the cookie works once;
// each code tried counts on it, 5 at most, then the password is asked again; a password change
// deletes the account's rows.

export const PENDING_COOKIE_NAME = "__Host-pending-sign-in";
export const PENDING_LIFETIME_MS = 5 * 60 * 1000;
/** Codes one pending sign-in may try; then the password again. */
export const CODES_PER_PENDING_SIGN_IN = 5;

const pendingSchema = z.object({ id: z.uuid(), userId: z.uuid(), username: z.string(), issuedAt: z.number() });

export type PendingSignIn = z.infer<typeof pendingSchema>;

const pendingCookie = (env: SecretsEnv) =>
  signedHostCookie(PENDING_COOKIE_NAME, env, { sameSite: "strict", maxAge: PENDING_LIFETIME_MS / 1000 });

/** The Set-Cookie value that puts this browser half-way through signing in as `user`; `entry` in the same batch. */
export async function startPendingSignIn(
  env: SecretsEnv & Pick<AppEnv, "DB">,
  user: { id: string; username: string },
  now: Date,
  entry: AuditStatement,
): Promise<string> {
  const pending: PendingSignIn = {
    id: crypto.randomUUID(),
    userId: user.id,
    username: user.username,
    issuedAt: now.getTime(),
  };
  const db = getDb(env);
  await db.batch([
    db.insert(pendingSignIns).values({ id: pending.id, userId: user.id, issuedAt: pending.issuedAt }),
    // Housekeeping: rows past their 5 minutes mean nothing any more.
    db.delete(pendingSignIns).where(lte(pendingSignIns.issuedAt, pending.issuedAt - PENDING_LIFETIME_MS)),
    entry,
  ]);
  return (await pendingCookie(env)).serialize(pending);
}

/**
 * Counts one code tried by this pending sign-in, before it is checked; false when it has had its
 * 5, or is gone (used, or ended by a password change): the password is asked again.
 */
export async function countPendingCode(env: Pick<AppEnv, "DB">, pending: PendingSignIn): Promise<boolean> {
  const rows = await getDb(env)
    .update(pendingSignIns)
    .set({ codesTried: sql`${pendingSignIns.codesTried} + 1` })
    .where(and(eq(pendingSignIns.id, pending.id), lt(pendingSignIns.codesTried, CODES_PER_PENDING_SIGN_IN)))
    .returning({ id: pendingSignIns.id });
  return rows.length > 0;
}

/** Uses the pending sign-in up (a right code): true only for the one request that did. */
export async function consumePendingSignIn(env: Pick<AppEnv, "DB">, pending: PendingSignIn): Promise<boolean> {
  const rows = await getDb(env)
    .delete(pendingSignIns)
    .where(eq(pendingSignIns.id, pending.id))
    .returning({ id: pendingSignIns.id });
  return rows.length > 0;
}

/** Ends every pending sign-in of an account (its password changed). */
export async function endPendingSignIns(env: Pick<AppEnv, "DB">, userId: string): Promise<void> {
  await getDb(env).delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
}

/** The pending sign-in this browser holds, if signed by us and under 5 minutes old. */
export async function readPendingSignIn(request: Request, env: SecretsEnv, now: Date): Promise<PendingSignIn | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${PENDING_COOKIE_NAME}=`)) return null;
  const parsed = pendingSchema.safeParse(await (await pendingCookie(env)).parse(header));
  if (!parsed.success) return null;
  const age = now.getTime() - parsed.data.issuedAt;
  return age >= 0 && age < PENDING_LIFETIME_MS ? parsed.data : null;
}

/** The Set-Cookie value that ends the half-signed-in state. */
export async function clearPendingSignIn(env: SecretsEnv): Promise<string> {
  return (await pendingCookie(env)).serialize("", { expires: new Date(0), maxAge: undefined });
}
