import { and, asc, eq, gt, isNull, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import { getDb } from "~/db/db.server";
import { staffTokens, users } from "~/db/schema/staff";
import type { InviteInput, JoinInput } from "~/features/team/schemas";
import type { StaffRole } from "~/http/staff-roles";
import { AUDIT_IF_CHANGED, auditInsert, auditInsertIf } from "../../audit/audit.server";
import { hashPassword, openSession } from "../../sign-in/sign-in.server";
import { clientKey } from "../../../http/client-address.server";
import type { AppEnv } from "../../../http/env.server";
import { enqueueStaffEmail } from "./staff-mail.server";
import { joinPath, staffLinkUrl } from "./staff-links.server";
import type { Acting } from "../../../http/staff-member.server";
import { emailTaken } from "./member-email.server";
import { lookUpToken, usableToken } from "./token-rows.server";
import { issueToken } from "./tokens.server";

// Invitations: an owner makes a single-use link (72 hours) for a role, shown once and emailed
// when an address is given; the invitee picks a username and password there and is signed in.

export const INVITATION_LIFETIME_MS = 72 * 60 * 60 * 1000;

export type InvitationView = {
  id: string;
  role: StaffRole;
  email: string | null;
  invitedBy: string | null;
  createdAt: string;
  expiresAt: string;
};

/** Invitations not yet used, revoked or expired, oldest first. */
export async function listPendingInvitations(env: Pick<AppEnv, "DB">, now: Date): Promise<InvitationView[]> {
  const rows = await getDb(env).query.staffTokens.findMany({
    where: and(
      eq(staffTokens.purpose, "invitation"),
      isNull(staffTokens.usedAt),
      isNull(staffTokens.revokedAt),
      gt(staffTokens.expiresAt, now),
    ),
    orderBy: asc(staffTokens.createdAt),
  });
  return rows.map((row) => ({
    id: row.id,
    role: row.role ?? "staff",
    email: row.email,
    invitedBy: row.createdByName,
    createdAt: row.createdAt.toISOString(),
    expiresAt: row.expiresAt.toISOString(),
  }));
}

export type CreatedLink = { id: string; url: string; expiresAt: string; emailed: boolean };

export type InvitationOutcome = { status: "created"; link: CreatedLink } | { status: "emailTaken" };

export const EMAIL_TAKEN_MESSAGE = "An account already uses this email address.";

export async function createInvitation(
  env: AppEnv,
  request: Request,
  acting: Acting,
  input: InviteInput,
): Promise<InvitationOutcome> {
  const db = getDb(env);
  if (input.email) {
    if (await emailTaken(db, input.email)) return { status: "emailTaken" };
  }
  const { id, token, verifierHash } = issueToken();
  const expiresAt = new Date(acting.at.getTime() + INVITATION_LIFETIME_MS);
  await db.batch([
    db.insert(staffTokens).values({
      id,
      purpose: "invitation",
      verifierHash,
      role: input.role,
      email: input.email ?? null,
      createdById: acting.actor?.id ?? null,
      createdByName: acting.actor?.name ?? null,
      createdAt: acting.at,
      expiresAt,
    }),
    auditInsert(db, {
      ...acting,
      action: "team.invite",
      target: input.email ?? null,
      detail: { invitation: id, role: input.role, emailed: Boolean(input.email) },
    }),
  ]);
  if (input.email) await enqueueStaffEmail(env, token);
  const url = staffLinkUrl(env, joinPath(token));
  return { status: "created", link: { id, url, expiresAt: expiresAt.toISOString(), emailed: Boolean(input.email) } };
}

/** Revokes a pending invitation; false when there is none by that id (used, revoked, expired or unknown). */
export async function revokeInvitation(env: AppEnv, acting: Acting, id: string): Promise<boolean> {
  const db = getDb(env);
  const pending = and(
    eq(staffTokens.id, id),
    eq(staffTokens.purpose, "invitation"),
    isNull(staffTokens.usedAt),
    isNull(staffTokens.revokedAt),
    gt(staffTokens.expiresAt, acting.at),
  );
  const [invitation] = await db.select({ email: staffTokens.email }).from(staffTokens).where(pending);
  if (!invitation) return false;
  const [revoked] = await db.batch([
    db.update(staffTokens).set({ revokedAt: acting.at }).where(pending).returning({ id: staffTokens.id }),
    auditInsertIf(
      db,
      { ...acting, action: "team.invite-revoke", target: invitation.email, detail: { invitation: id } },
      AUDIT_IF_CHANGED,
    ),
  ]);
  return revoked.length > 0;
}

export type JoinOutcome =
  | { status: "joined"; username: string; setCookies: [string, string] }
  | { status: "usernameTaken" }
  | { status: "gone" }
  | { status: "unknown" };

export const USERNAME_TAKEN_MESSAGE = "That username is taken: choose another.";

/**
 * Makes the invitee's account and uses the invitation, in one D1 transaction: the claim comes
 * first and the account is made only by the request whose claim matched, so of two requests with
 * one link one wins; a username taken meanwhile rolls both back and the link still works.
 */
export async function acceptInvitation(
  env: AppEnv,
  request: Request,
  token: string,
  input: JoinInput,
  now: Date,
): Promise<JoinOutcome> {
  const lookup = await lookUpToken(env, token, "invitation", now);
  if (lookup.status !== "valid") return lookup;
  const taken = await getDb(env).query.users.findFirst({
    where: eq(users.username, input.username),
    columns: { id: true },
  });
  if (taken) return { status: "usernameTaken" };

  const userId = crypto.randomUUID();
  const passwordHash = await hashPassword(input.password);
  const db = getDb(env);
  const invitation = lookup.row;
  let claimed: boolean;
  try {
    const [claim] = await db.batch([
      db
        .update(staffTokens)
        .set({ usedAt: now, userId })
        .where(usableToken(invitation.id, "invitation", now))
        .returning({ id: staffTokens.id }),
      insertIf(
        db,
        users,
        {
          id: userId,
          username: input.username,
          password: passwordHash,
          role: invitation.role ?? "staff",
          displayName: input.displayName ?? null,
          // The invitation's address becomes the account's, unless another account took it meanwhile.
          email:
            invitation.email === null
              ? null
              : sql`case when not exists (select 1 from ${users} where ${users.email} = ${invitation.email}) then ${invitation.email} end`,
          createdAt: now,
          lastSignInAt: now,
        },
        // Only by the request whose claim above matched.
        sql`exists (select 1 from ${staffTokens} where ${staffTokens.id} = ${invitation.id} and ${staffTokens.userId} = ${userId} and ${staffTokens.usedAt} = ${now.getTime()})`,
      ),
      auditInsertIf(
        db,
        {
          actor: { id: userId, name: input.username },
          action: "team.join",
          target: input.username,
          detail: { invitation: invitation.id, role: invitation.role ?? "staff", invitedBy: invitation.createdByName },
          client: clientKey(request),
          at: now,
        },
        AUDIT_IF_CHANGED,
      ),
    ]);
    claimed = claim.length === 1;
  } catch (error) {
    if (String(error).includes("UNIQUE constraint failed: users.username")) return { status: "usernameTaken" };
    throw error;
  }
  if (!claimed) return { status: "gone" };
  const setCookies = await openSession(request, env, { id: userId, username: input.username }, now);
  return { status: "joined", username: input.username, setCookies };
}
