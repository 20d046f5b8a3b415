import { and, eq, isNull, or } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { staffTokens, type User, users } from "~/db/schema/staff";
import { z } from "~/forms/zod";
import { AUDIT_IF_CHANGED, type AuditEntry, auditInsert, auditInsertIf } from "../../audit/audit.server";
import { countLimitedRequest, hashPassword, isActiveAccount } from "../../sign-in/sign-in.server";
import { clientKey } from "../../../http/client-address.server";
import type { AppEnv } from "../../../http/env.server";
import { enqueueJobs } from "../../../queue/jobs.server";
import { resetPath, staffLinkUrl } from "./staff-links.server";
import { enqueueStaffEmail } from "./staff-mail.server";
import { issueToken } from "./tokens.server";
import type { Acting } from "../../../http/staff-member.server";
import { findMember } from "./members.server";
import { lookUpToken, usableToken } from "./token-rows.server";

// Password resets: a single-use link valid 30 minutes, made by an owner for a member (shown once,
// emailed when the account has an address) or asked for at /login/reset (emailed only). Using it
// sets the new password and ends every session of the account (password_changed_at).

// "Forgot password?" is counted like sign-in attempts, in counters of its own: per client, and
// per account from that client. Nothing counts per account alone, so strangers asking for your
// link cannot use up yours; and a refused request changes nothing about signing in.
const RESET_LIMITS = { maxPerClient: 10, maxPerDevice: 0, maxPerUsernameAndClient: 3 } as const;

export type OwnerResetOutcome =
  { status: "created"; url: string; expiresAt: string; emailed: boolean } | { status: "unknown" };

/** An owner's "Reset password" for a member: the link to copy (and the email, when there is an address). */
export async function resetLinkForMember(
  env: AppEnv,
  request: Request,
  acting: Acting,
  username: string,
): Promise<OwnerResetOutcome> {
  const user = await findMember(env, username);
  if (!user) return { status: "unknown" };
  const reset = await issueReset(env, user, { ...acting, action: "password.reset-request", target: username });
  const url = staffLinkUrl(env, resetPath(reset.token));
  return { status: "created", url, expiresAt: reset.expiresAt.toISOString(), emailed: reset.emailed };
}

export type ResetRequestOutcome = { status: "accepted" } | { status: "throttled"; retryAfterSeconds: number };

/**
 * "Forgot password?" for a username or an email address. The answer is the same whether or not
 * such an account exists or has an address, and so is the work behind it: the request is counted
 * and queued as typed (handleResetRequest below looks it up); only an active account
 * with an address gets an email.
 */
export async function requestPasswordReset(
  env: AppEnv,
  request: Request,
  account: string,
  now: Date,
): Promise<ResetRequestOutcome> {
  const client = clientKey(request);
  const decision = await countLimitedRequest(
    env,
    { kind: "reset", account, client },
    { ...RESET_LIMITS, maxPerUsername: Number.MAX_SAFE_INTEGER },
    now,
  );
  if (!decision.allowed) return { status: "throttled", retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000) };
  // The same path for every account: queued as typed, looked up by the queue's consumer.
  await enqueueJobs(env, [{ type: "resetRequest", account, client }]);
  return { status: "accepted" };
}

export type CompleteResetOutcome = { status: "reset"; username: string } | { status: "gone" } | { status: "unknown" };

/**
 * Sets the new password and uses the link, in one D1 transaction: the password changes only while
 * the link is still usable, so of two requests with one link one wins. The account's sessions end.
 */
export async function completePasswordReset(
  env: AppEnv,
  request: Request,
  token: string,
  password: string,
  now: Date,
): Promise<CompleteResetOutcome> {
  const lookup = await lookUpToken(env, token, "reset", now);
  if (lookup.status !== "valid") return lookup;
  const passwordHash = await hashPassword(password);
  const db = getDb(env);
  const account = await db.query.users.findFirst({
    columns: { username: true },
    where: eq(users.id, lookup.row.userId ?? ""),
  });
  const usable = usableToken(lookup.row.id, "reset", now);
  const [changed, , claim] = await db.batch([
    db
      .update(users)
      // A new password also opens codes locked after too many wrong ones (code-limits.server.ts).
      .set({
        password: passwordHash,
        passwordChangedAt: now.getTime(),
        codeFailures: 0,
        codeDayFailures: 0,
        codesLockedAt: null,
      })
      .where(
        and(
          isNull(users.removedAt),
          isNull(users.disabledAt),
          eq(users.id, db.select({ userId: staffTokens.userId }).from(staffTokens).where(usable)),
        ),
      )
      .returning({ username: users.username }),
    // Recorded only when the password above changed (the link was still usable, so it is used below).
    auditInsertIf(
      db,
      {
        actor: { id: lookup.row.userId, name: account?.username ?? "" },
        action: "password.reset",
        target: account?.username ?? null,
        detail: lookup.row.createdByName ? { linkFrom: lookup.row.createdByName } : undefined,
        client: clientKey(request),
        at: now,
      },
      AUDIT_IF_CHANGED,
    ),
    db.update(staffTokens).set({ usedAt: now }).where(usable).returning({ id: staffTokens.id }),
  ]);
  const username = changed[0]?.username;
  if (claim.length !== 1 || !username) return { status: "gone" };
  return { status: "reset", username };
}

export const RESET_LIFETIME_MS = 30 * 60 * 1000;
// Reset emails per account per window (LOGIN_THROTTLE_WINDOW_SECONDS), whoever asks and from where.
export const RESET_EMAILS_PER_ACCOUNT = 3;

/**
 * "Forgot password?" as typed (a username or an email address): the consumer looks the account
 * up, so the request's answer does the same work for every account, known or not.
 */
export const resetRequestJobSchema = z.object({
  type: z.literal("resetRequest"),
  account: z.string().min(1).max(254),
  client: z.string().max(128).nullable(),
});
type ResetRequestJob = z.infer<typeof resetRequestJobSchema>;

declare module "../../../queue/jobs.server" {
  // eslint-disable-next-line @typescript-eslint/consistent-type-definitions -- declaration merging takes an interface
  interface QueuedJobs {
    resetRequest: ResetRequestJob;
  }
}

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
