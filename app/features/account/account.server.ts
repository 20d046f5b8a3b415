import { eq } from "drizzle-orm";
import type { PasswordChangeInput } from "~/features/account/schemas";
import { getDb } from "~/db/db.server";
import { users } from "~/db/schema/staff";
import type { StaffRole } from "~/http/staff-roles";
import { auditInsert } from "../audit/audit.server";
import type { Acting, StaffMember } from "../../http/staff-member.server";
import {
  endPendingSignIns,
  endSessions,
  hashPassword,
  proveMemberPassword,
  type SessionsToEnd,
  type Throttled,
} from "../sign-in/sign-in.server";
import type { AppEnv } from "../../http/env.server";
import { refused, succeeded, unreachable, type Outcome, type Refusal } from "../../http/outcome.server";
import { enqueueJobs } from "../../queue/jobs.server";
import { emailTaken as emailTakenByAnother, revokeResetLinks } from "../team/team.server";

// What a member does with their own account, for the page (/incoming/account) and the JSON API
// (/api/account…) alike: read it, change their name and email, change their password, end
// their sessions. Each change is in the audit log.

export type Account = { username: string; displayName: string | null; email: string | null; role: StaffRole };

export async function getAccount(env: AppEnv, userId: string): Promise<Account> {
  const account = await getDb(env).query.users.findFirst({
    columns: { username: true, displayName: true, email: true, role: true },
    where: eq(users.id, userId),
  });
  // The gate has just read this row with the session.
  if (!account) throw new Error(`getAccount: no user ${userId}`);
  return account;
}

/** `undefined`: leave as it is; `null`: remove. */
export type ProfileChange = { displayName?: string | null; email?: string | null };

/** A taken address is refused as input to fix (400), under the email field. */
const emailTakenRefusal = () =>
  refused("invalid", "The account was not changed.", {
    fieldErrors: { email: ["Another account already uses this email address."] },
  });

export async function updateProfile(
  env: AppEnv,
  member: StaffMember,
  change: ProfileChange,
  acting: Acting,
): Promise<Outcome<Account>> {
  const db = getDb(env);
  if (change.email) {
    if (await emailTakenByAnother(db, change.email, member.id)) return emailTakenRefusal();
  }
  const current = await getAccount(env, member.id);
  const labels = { displayName: "display name", email: "email" } as const;
  const changed = (["displayName", "email"] as const).filter(
    (field) => change[field] !== undefined && change[field] !== current[field],
  );
  if (changed.length > 0) {
    const set = Object.fromEntries(changed.map((field) => [field, change[field]]));
    try {
      await db.batch([
        db.update(users).set(set).where(eq(users.id, member.id)),
        // Which fields changed, not their values: an email address is personal data.
        auditInsert(db, {
          ...acting,
          action: "account.update",
          detail: { changed: changed.map((field) => labels[field]).join(", ") },
        }),
      ]);
    } catch (error) {
      // Two accounts claiming one address at the same instant: the unique index decides.
      if (String(error).includes("UNIQUE")) return emailTakenRefusal();
      throw error;
    }
    // The address it had is told: a stolen session changing it would otherwise go unnoticed.
    if (changed.includes("email") && current.email) {
      await enqueueJobs(env, [{ type: "memberNotice", notice: "email-changed", userId: member.id, to: current.email }]);
    }
  }
  return succeeded(await getAccount(env, member.id));
}

export type PasswordChangeResult = { status: "changed" } | { status: "wrong-password"; message: string } | Throttled;

/** A password change that did not happen, as the JSON answer and the page's form both show it. */
export function passwordRefusal(result: Exclude<PasswordChangeResult, { status: "changed" }>): Refusal {
  switch (result.status) {
    case "wrong-password":
      return refused("invalid", "The password was not changed.", {
        fieldErrors: { currentPassword: [result.message] },
      }).refusal;
    case "throttled":
      return refused("throttled", result.message, { retryAfterSeconds: result.retryAfterSeconds }).refusal;
    default:
      return unreachable(result);
  }
}

/**
 * Sets a new password once the current one is proven, then ends every other session of the
 * member; the one making the request goes on. Guesses at the current password are throttled
 * like sign-ins (the same counters), so a session left open cannot be used to find it.
 */
export async function changePassword(
  env: AppEnv,
  request: Request,
  member: StaffMember,
  input: PasswordChangeInput,
  acting: Acting,
): Promise<PasswordChangeResult> {
  const proof = await proveMemberPassword(request, env, member, input.currentPassword, acting.at);
  if (proof.status !== "proven") return proof;
  const db = getDb(env);
  // password_changed_at stays: it would end this session too. The registry ends the others.
  await db.batch([
    db
      .update(users)
      .set({ password: await hashPassword(input.newPassword) })
      .where(eq(users.id, member.id)),
    auditInsert(db, { ...acting, action: "password.change" }),
  ]);
  await endSessions(env, member.id, { allBut: member.sessionId }, acting.at);
  // A browser half-way through signing in with the old password goes no further, nor does a
  // reset link sent before.
  await endPendingSignIns(env, member.id);
  await revokeResetLinks(env, member.id, acting.at);
  return { status: "changed" };
}

/**
 * Ends one of the member's sessions, or all but the current one, with an audit entry; the
 * number ended (0: no such active session, nothing recorded).
 */
export function endMemberSessions(
  env: AppEnv,
  member: StaffMember,
  which: SessionsToEnd,
  acting: Acting,
): Promise<number> {
  const current = "only" in which && which.only === member.sessionId;
  return endSessions(env, member.id, which, acting.at, (sessions) => ({
    ...acting,
    action: "sign-out",
    detail: { sessions, current },
  }));
}
