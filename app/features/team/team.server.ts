import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { staffTokens, type User, users } from "~/db/schema/staff";
import type { MemberChange } from "~/features/team/schemas";
import type { StaffRole } from "~/http/staff-roles";
import { AUDIT_IF_CHANGED, type AuditEntry, auditInsert, auditInsertIf } from "../audit/audit.server";
import type { Acting } from "../../http/staff-member.server";
import type { AppEnv } from "../../http/env.server";
import type { OutgoingMail } from "../../mail/mime.server";
import { countLimitedRequest, isActiveAccount } from "../sign-in/sign-in.server";
import type { NotificationJob } from "../notifications/notifications.server";
import {
  enqueueStaffEmail,
  type MemberNoticeJob,
  memberNoticeFor,
  type StaffEmailJob,
  staffEmailFor,
  type StaffMailEnv,
} from "./server/staff-mail.server";
import { issueToken } from "./server/tokens.server";

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

/** An account that has not been removed, by its username. */
export function findMember(env: Pick<AppEnv, "DB">, username: string): Promise<User | undefined> {
  return getDb(env).query.users.findFirst({ where: and(eq(users.username, username), isNull(users.removedAt)) });
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

export type StaffEmailSend = (mail: OutgoingMail) => Promise<{ errors: string[] }>;

/** The queue consumer's part for a staff email: built from D1 now, sent, or retried on failure. */
export async function deliverStaffEmail(env: StaffMailEnv, job: StaffEmailJob, now: Date, send: StaffEmailSend) {
  const mail = await staffEmailFor(env, job, now);
  if (!mail) return { errors: [] };
  return send(mail);
}

/** The queue consumer's part for a notice to a member about their account: built, sent or retried. */
export async function deliverMemberNotice(env: StaffMailEnv, job: MemberNoticeJob, now: Date, send: StaffEmailSend) {
  const mail = await memberNoticeFor(env, job, now);
  if (!mail) return { errors: [] };
  return send(mail);
}

// ------------------------------------------------------------------------------------------------
// Password reset links (password-resets.server.ts has the owner's and the visitor's requests)

export const RESET_LIFETIME_MS = 30 * 60 * 1000;
// Reset emails per account per window (LOGIN_THROTTLE_WINDOW_SECONDS), whoever asks and from where.
export const RESET_EMAILS_PER_ACCOUNT = 3;

type ResetRequestJob = Extract<NotificationJob, { type: "resetRequest" }>;

/** A new reset link for the account, recorded by `entry` in the same batch; any link it had before stops working. */
export async function issueReset(env: AppEnv, user: User, entry: AuditEntry) {
  const db = getDb(env);
  const { id, token, verifierHash } = issueToken();
  const now = entry.at;
  const expiresAt = new Date(now.getTime() + RESET_LIFETIME_MS);
  const emailed = Boolean(user.email);
  await db.batch([
    db
      .update(staffTokens)
      .set({ revokedAt: now })
      .where(
        and(
          eq(staffTokens.userId, user.id),
          eq(staffTokens.purpose, "reset"),
          isNull(staffTokens.usedAt),
          isNull(staffTokens.revokedAt),
        ),
      ),
    db.insert(staffTokens).values({
      id,
      purpose: "reset",
      verifierHash,
      userId: user.id,
      createdById: entry.actor?.id ?? null,
      createdByName: entry.actor?.name ?? null,
      createdAt: now,
      expiresAt,
    }),
    auditInsert(db, { ...entry, detail: { emailed, ...entry.detail } }),
  ]);
  if (emailed) await enqueueStaffEmail(env, token);
  return { id, token, expiresAt, emailed };
}

/**
 * The queue's part of "Forgot password?": an active account with an address gets a new link by
 * email, at most RESET_EMAILS_PER_ACCOUNT a window. Past that nothing is sent and the last link
 * sent keeps working: a flood of requests from many networks cannot bury the member's inbox nor
 * cancel their link over and over.
 */
export async function handleResetRequest(env: AppEnv, job: ResetRequestJob, now: Date): Promise<void> {
  const user = await getDb(env).query.users.findFirst({
    where: and(or(eq(users.username, job.account), eq(users.email, job.account)), isNull(users.removedAt)),
  });
  if (!user?.email || !isActiveAccount(user)) return;
  const decision = await countLimitedRequest(
    env,
    { kind: "reset-email", account: user.id, client: user.id },
    {
      maxPerClient: Number.MAX_SAFE_INTEGER,
      maxPerDevice: 0,
      maxPerUsernameAndClient: Number.MAX_SAFE_INTEGER,
      maxPerUsername: RESET_EMAILS_PER_ACCOUNT,
    },
    now,
  );
  if (!decision.allowed) return;
  await issueReset(env, user, {
    actor: null,
    action: "password.reset-request",
    target: user.username,
    detail: { via: "forgot-password" },
    client: job.client,
    at: now,
  });
}

/** Ends an account's unused reset links (its password changed, or it was disabled). */
export async function revokeResetLinks(env: AppEnv, userId: string, now: Date): Promise<void> {
  await getDb(env)
    .update(staffTokens)
    .set({ revokedAt: now })
    .where(
      and(
        eq(staffTokens.userId, userId),
        eq(staffTokens.purpose, "reset"),
        isNull(staffTokens.usedAt),
        isNull(staffTokens.revokedAt),
      ),
    );
}

export { LINK_PAGE_HEADERS, linkPageForm, linkRefusal, openLink } from "./server/link-pages.server";
export { completePasswordReset, requestPasswordReset } from "./server/password-resets.server";
export { lookUpToken } from "./server/token-rows.server";
