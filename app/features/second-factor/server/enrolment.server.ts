import { and, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { passkeys, recoveryCodes, teamSettings, totpSecrets } from "~/db/schema/second-factor";
import { users } from "~/db/schema/staff";
import { auditInsert } from "../../audit/audit.server";
import { endPendingSignIns, endSessions } from "../../sign-in/sign-in.server";
import type { Acting, StaffMember } from "../../../http/staff-member.server";
import type { MemberFactors } from "~/features/second-factor/account-view";
import type { AppEnv } from "../../../http/env.server";
import { linkSecret } from "~/keys/keys.server";
import { listPasskeys, type PasskeyView } from "./passkeys.server";
import { unlockCodesSet } from "./code-limits.server";
import { newRecoveryCodes, recoveryCodesLeft } from "./recovery-codes.server";
import { matchingStep, newTotpSecret, qrCodePath, spacedSecret, totpKeyUri } from "./totp.server";

// Setting up and managing a member's second factor: the account page's section and the team's
// view of it (who has what, the owners' requirement, an owner's reset).

export type AuthenticatorSetup = {
  secret: string;
  spacedSecret: string;
  uri: string;
  qr: { size: number; path: string };
};

export type SecondFactorAccount = {
  authenticator: "off" | "setting-up" | "on";
  /** While setting up: what the app is given (the QR code and the secret as text). */
  setup: AuthenticatorSetup | null;
  recoveryCodesLeft: number;
  passkeys: PasskeyView[];
  required: boolean;
};

export async function teamRequiresSecondFactor(env: AppEnv): Promise<boolean> {
  const row = await getDb(env).query.teamSettings.findFirst({ where: eq(teamSettings.id, 1) });
  return row?.requireSecondFactor ?? false;
}

export async function secondFactorAccount(env: AppEnv, member: StaffMember): Promise<SecondFactorAccount> {
  const db = getDb(env);
  const [totp, left, keys, required] = await Promise.all([
    db.query.totpSecrets.findFirst({ where: eq(totpSecrets.userId, member.id) }),
    recoveryCodesLeft(db, member.id),
    listPasskeys(env, member.id),
    teamRequiresSecondFactor(env),
  ]);
  const setup =
    totp && !totp.confirmedAt
      ? (() => {
          const uri = totpKeyUri(totp.secret, member.username);
          return { secret: totp.secret, spacedSecret: spacedSecret(totp.secret), uri, qr: qrCodePath(uri) };
        })()
      : null;
  return {
    authenticator: !totp ? "off" : totp.confirmedAt ? "on" : "setting-up",
    setup,
    recoveryCodesLeft: left,
    passkeys: keys,
    required,
  };
}

/** A new secret to set up (replacing one not yet confirmed); nothing when an app is already on. */
export async function startAuthenticatorSetup(env: AppEnv, member: StaffMember, now: Date): Promise<void> {
  await getDb(env)
    .insert(totpSecrets)
    .values({ userId: member.id, secret: newTotpSecret(), createdAt: now })
    .onConflictDoUpdate({
      target: totpSecrets.userId,
      set: { secret: newTotpSecret(), createdAt: now, lastUsedStep: null },
      where: isNull(totpSecrets.confirmedAt),
    });
}

/** Drops a secret that was never confirmed (an app already on stays on). */
export async function cancelAuthenticatorSetup(env: AppEnv, userId: string): Promise<void> {
  await getDb(env)
    .delete(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNull(totpSecrets.confirmedAt)));
}

/**
 * Confirms the app with its first code: it is on, its step is used, and ten recovery codes replace
 * any old ones. Returns the codes to show once, or null for a wrong code.
 */
export async function confirmAuthenticator(env: AppEnv, member: StaffMember, code: string, acting: Acting) {
  const db = getDb(env);
  const totp = await db.query.totpSecrets.findFirst({ where: eq(totpSecrets.userId, member.id) });
  if (!totp || totp.confirmedAt) return null;
  const step = matchingStep(totp.secret, code, acting.at, null);
  if (step === null) return null;
  const { codes, statements } = await newRecoveryCodes(db, linkSecret(env), member.id, acting.at);
  await db.batch([
    db
      .update(totpSecrets)
      .set({ confirmedAt: acting.at, lastUsedStep: step })
      .where(and(eq(totpSecrets.userId, member.id), isNull(totpSecrets.confirmedAt))),
    ...statements,
    auditInsert(db, { ...acting, action: "second-factor.enrol", target: member.username }),
  ]);
  return codes;
}

/** Ten new recovery codes in place of the old ones (only with an app on); null otherwise. */
export async function replaceRecoveryCodes(env: AppEnv, member: StaffMember, acting: Acting) {
  const db = getDb(env);
  const totp = await db.query.totpSecrets.findFirst({ where: eq(totpSecrets.userId, member.id) });
  if (!totp?.confirmedAt) return null;
  const { codes, statements } = await newRecoveryCodes(db, linkSecret(env), member.id, acting.at);
  await db.batch([
    ...statements,
    auditInsert(db, { ...acting, action: "second-factor.recovery-codes", target: member.username }),
  ]);
  return codes;
}

/**
 * Removes a member's authenticator and recovery codes (their own choice), and their passkeys too
 * for an owner's reset (the way back for someone locked out).
 */
export async function removeSecondFactor(
  env: AppEnv,
  userId: string,
  acting: Acting,
  action: "second-factor.remove" | "team.second-factor-reset",
  target: string,
): Promise<void> {
  const db = getDb(env);
  const byOwner = action === "team.second-factor-reset";
  await db.batch([
    db.delete(totpSecrets).where(eq(totpSecrets.userId, userId)),
    db.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId)),
    // An owner's reset also opens codes locked after too many wrong ones (code-limits.server.ts).
    ...(byOwner
      ? [
          db.delete(passkeys).where(eq(passkeys.userId, userId)),
          db.update(users).set(unlockCodesSet).where(eq(users.id, userId)),
        ]
      : []),
    auditInsert(db, { ...acting, action, target }),
  ]);
}

/**
 * An owner's reset of a member's second factor, by username; false when there is no such account.
 * Every session of the member ends too: "lost phone" must cut off the lost phone's browser.
 */
export async function resetMemberSecondFactor(env: AppEnv, username: string, acting: Acting): Promise<boolean> {
  const user = await getDb(env).query.users.findFirst({ where: eq(users.username, username) });
  if (!user || user.removedAt) return false;
  await removeSecondFactor(env, user.id, acting, "team.second-factor-reset", user.username);
  // An owner resetting their own keeps the browser they are using.
  const own = { allBut: acting.actor?.id === user.id ? (acting.sessionId ?? "") : "" };
  await endSessions(env, user.id, own, acting.at);
  await endPendingSignIns(env, user.id);
  return true;
}

export async function setTeamRequirement(env: AppEnv, required: boolean, acting: Acting): Promise<void> {
  const db = getDb(env);
  await db.batch([
    db
      .insert(teamSettings)
      .values({ id: 1, requireSecondFactor: required })
      .onConflictDoUpdate({ target: teamSettings.id, set: { requireSecondFactor: required } }),
    auditInsert(db, { ...acting, action: "team.second-factor-required", detail: { required } }),
  ]);
}

/** For the team page: each account's authenticator, passkeys and recovery codes left, by username. */
export async function teamFactors(env: AppEnv): Promise<Record<string, MemberFactors>> {
  const db = getDb(env);
  // Written out in full: inside a subquery, a bare "id" would name the subquery's own table.
  const rows = await db
    .select({
      username: users.username,
      authenticator: sql<number>`exists (select 1 from totp_secrets t where t.user_id = "users"."id" and t.confirmed_at is not null)`,
      passkeys: sql<number>`(select count(*) from passkeys p where p.user_id = "users"."id")`,
      recoveryCodesLeft: sql<number>`(select count(*) from recovery_codes r where r.user_id = "users"."id" and r.used_at is null)`,
    })
    .from(users);
  return Object.fromEntries(
    rows.map((row) => [
      row.username,
      {
        authenticator: Boolean(row.authenticator),
        passkeys: Number(row.passkeys),
        recoveryCodesLeft: Number(row.recoveryCodesLeft),
      },
    ]),
  );
}
