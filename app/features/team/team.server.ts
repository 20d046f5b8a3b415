import { and, asc, eq, isNull, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { staffTokens, type User, users } from "~/db/schema/staff";
import type { MemberChange } from "~/features/team/schemas";
import type { StaffRole } from "~/http/staff-roles";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../audit/audit.server";
import type { Acting } from "../../http/staff-member.server";
import type { AppEnv } from "../../http/env.server";
import { sendToEach } from "../../mail/send.server";
import { done, type JobHandlers, outcomeOf } from "../../queue/jobs.server";
import { findMember } from "./server/members.server";
import { handleResetRequest, resetRequestJobSchema, revokeResetLinks } from "./server/password-resets.server";
import { memberNoticeFor, memberNoticeJobSchema, staffEmailFor, staffEmailJobSchema } from "./server/staff-mail.server";

// The team as owners run it: the accounts, their roles, disabling, enabling and removing them.
// Every rule that protects the shop (the last active owner stays) is part of the UPDATE itself,
// so two owners acting at once cannot both pass a check made before either wrote.

export type TeamMemberView = {
  username: string;
  displayName: string | null;
  email: string | null;
  role: StaffRole;
  status: "active" | "disabled";
  lastSignInAt: string | null;
  createdAt: string | null;
};

export const LAST_OWNER_MESSAGE =
  "The shop needs at least one active owner: make someone else an owner first, then try again.";

const iso = (date: Date | null) => (date ? date.toISOString() : null);

export function memberView(user: User): TeamMemberView {
  return {
    username: user.username,
    displayName: user.displayName,
    email: user.email,
    role: user.role,
    status: user.disabledAt ? "disabled" : "active",
    lastSignInAt: iso(user.lastSignInAt),
    createdAt: iso(user.createdAt),
  };
}

/** Every account that has not been removed, by username. */
export async function listTeam(env: Pick<AppEnv, "DB">): Promise<TeamMemberView[]> {
  const rows = await getDb(env).query.users.findMany({ where: isNull(users.removedAt), orderBy: asc(users.username) });
  return rows.map(memberView);
}

// True when the row is not an active owner, or when another active owner remains.
const keepsAnActiveOwner = sql`(${users.role} <> 'owner' or ${users.disabledAt} is not null or (select count(*) from users where role = 'owner' and disabled_at is null and removed_at is null) > 1)`;

export type MemberOutcome =
  { status: "changed"; member: TeamMemberView } | { status: "unknown" } | { status: "lastOwner"; message: string };

/**
 * After an UPDATE that matched nothing: the account is gone, already as asked (nothing to do,
 * nothing recorded), or it is the last active owner.
 */
async function whyUnchanged(env: AppEnv, username: string, alreadyDone: (user: User) => boolean) {
  const user = await findMember(env, username);
  if (!user) return { status: "unknown" } as const;
  if (alreadyDone(user)) return { status: "changed", member: memberView(user) } as const;
  return { status: "lastOwner", message: LAST_OWNER_MESSAGE } as const;
}

async function changeRole(env: AppEnv, acting: Acting, username: string, role: StaffRole): Promise<MemberOutcome> {
  const db = getDb(env);
  const [[updated]] = await db.batch([
    db
      .update(users)
      .set({ role })
      .where(
        and(
          eq(users.username, username),
          isNull(users.removedAt),
          sql`${users.role} <> ${role}`,
          role === "owner" ? undefined : keepsAnActiveOwner,
        ),
      )
      .returning(),
    auditInsertIf(db, { ...acting, action: "team.role", target: username, detail: { role } }, AUDIT_IF_CHANGED),
  ]);
  if (!updated) return whyUnchanged(env, username, (user) => user.role === role);
  return { status: "changed", member: memberView(updated) };
}

async function setDisabled(env: AppEnv, acting: Acting, username: string, disabled: boolean): Promise<MemberOutcome> {
  const db = getDb(env);
  const [[updated]] = await db.batch([
    disabled
      ? db
          .update(users)
          // Its sessions end for good (they are checked against password_changed_at): enabling the
          // account again does not bring them back.
          .set({ disabledAt: acting.at, passwordChangedAt: acting.at.getTime() })
          .where(
            and(eq(users.username, username), isNull(users.removedAt), isNull(users.disabledAt), keepsAnActiveOwner),
          )
          .returning()
      : db
          .update(users)
          .set({ disabledAt: null })
          .where(and(eq(users.username, username), isNull(users.removedAt), sql`${users.disabledAt} is not null`))
          .returning(),
    auditInsertIf(
      db,
      { ...acting, action: disabled ? "team.disable" : "team.enable", target: username },
      AUDIT_IF_CHANGED,
    ),
  ]);
  if (!updated) return whyUnchanged(env, username, (user) => Boolean(user.disabledAt) === disabled);
  // A reset link sent before does not bring a disabled account back.
  if (disabled) await revokeResetLinks(env, updated.id, acting.at);
  return { status: "changed", member: memberView(updated) };
}

/** A new role, disabled or enabled (in that order: a refused role change stops before the other). */
export async function changeMember(
  env: AppEnv,
  acting: Acting,
  username: string,
  change: MemberChange,
): Promise<MemberOutcome> {
  let outcome: MemberOutcome | null = null;
  if (change.role !== undefined) {
    outcome = await changeRole(env, acting, username, change.role);
    if (outcome.status !== "changed") return outcome;
  }
  if (change.disabled !== undefined) outcome = await setDisabled(env, acting, username, change.disabled);
  return outcome ?? { status: "unknown" };
}

export type RemoveOutcome = { status: "removed" } | { status: "unknown" } | { status: "lastOwner"; message: string };

/**
 * Removes an account: it can never sign in again, its sessions end, its pending reset links die
 * and its email address is freed. The row stays (username and display name), so histories and
 * the audit log that name it stay readable; the username is not given out again.
 */
export async function removeMember(env: AppEnv, acting: Acting, username: string): Promise<RemoveOutcome> {
  const db = getDb(env);
  const [[removed]] = await db.batch([
    db
      .update(users)
      .set({ removedAt: acting.at, email: null, passwordChangedAt: acting.at.getTime() })
      .where(and(eq(users.username, username), isNull(users.removedAt), keepsAnActiveOwner))
      .returning(),
    auditInsertIf(db, { ...acting, action: "team.remove", target: username }, AUDIT_IF_CHANGED),
    // Its links die with it: the row removed by the statement above, and only then.
    db
      .update(staffTokens)
      .set({ revokedAt: acting.at })
      .where(
        and(
          sql`${staffTokens.userId} = (select ${users.id} from ${users} where ${users.username} = ${username} and ${users.removedAt} = ${acting.at.getTime()})`,
          isNull(staffTokens.usedAt),
          isNull(staffTokens.revokedAt),
        ),
      ),
  ]);
  if (!removed) {
    const user = await findMember(env, username);
    return user ? { status: "lastOwner", message: LAST_OWNER_MESSAGE } : { status: "unknown" };
  }
  return { status: "removed" };
}

/**
 * The queue's handlers for the team's jobs: a staff email (an invitation, a reset link) or a notice
 * to a member, built from D1 now, sent, or retried on failure; and "Forgot password?" as typed,
 * looked up, limited and (for an account with an address) a link issued and its email queued.
 */
export const teamJobHandlers = {
  staffEmail: {
    schema: staffEmailJobSchema,
    run: async (env, job, { now }) => {
      const mail = await staffEmailFor(env, job, now);
      return mail ? outcomeOf(await sendToEach(env.NOTIFY_EMAIL, mail)) : done;
    },
  },
  memberNotice: {
    schema: memberNoticeJobSchema,
    run: async (env, job, { now }) => {
      const mail = await memberNoticeFor(env, job, now);
      return mail ? outcomeOf(await sendToEach(env.NOTIFY_EMAIL, mail)) : done;
    },
  },
  resetRequest: {
    schema: resetRequestJobSchema,
    run: (env, job, { now }) => handleResetRequest(env, job, now).then(() => done),
  },
} satisfies Pick<JobHandlers, "staffEmail" | "memberNotice" | "resetRequest">;

export { LINK_PAGE_HEADERS, linkPageForm, linkRefusal, openLink } from "./server/link-pages.server";
export {
  completePasswordReset,
  RESET_EMAILS_PER_ACCOUNT,
  requestPasswordReset,
  revokeResetLinks,
} from "./server/password-resets.server";
export { emailTaken } from "./server/member-email.server";
export { lookUpToken } from "./server/token-rows.server";
