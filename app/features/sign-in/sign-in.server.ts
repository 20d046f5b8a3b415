import { and, eq, isNotNull } from "drizzle-orm";
import { type AuditEntry, auditEvent, auditInsert } from "../audit/audit.server";
import { type LoginCredentials, PASSWORD_TOO_LONG } from "~/features/sign-in/login-schema";
import { type Database, getDb } from "~/db/db.server";
import { totpSecrets } from "~/db/schema/second-factor";
import { type User, users } from "~/db/schema/staff";
import type { AppEnv } from "../../http/env.server";
import type { StaffMember } from "../../http/staff-member.server";
import {
  countAttempt,
  countLoginAttempt,
  forgiveLoginAttempt,
  type Throttled,
  type ThrottleConfig,
  type ThrottleKeys,
} from "./server/login-throttle.server";
import { verifyPassword } from "./server/password.server";
import { clientKey } from "../../http/client-address.server";
import { rememberDevice, trustedDeviceFor } from "./server/device-cookie.server";

import {
  clearPendingSignIn,
  consumePendingSignIn,
  type PendingSignIn,
  readPendingSignIn,
  startPendingSignIn,
} from "./server/pending-sign-in.server";
import { endSessions, memberOfSession, registerSession } from "./server/session-registry.server";
import { endStaffSession, readStaffSession, startStaffSession } from "./server/session.server";

/** Whether an account may sign in and keep its sessions: not disabled, not removed. */
export const isActiveAccount = (user: Pick<User, "disabledAt" | "removedAt">) => !user.disabledAt && !user.removedAt;

const INVALID_LOGIN_MESSAGE = "Invalid username or password.";

// Verified when the username is unknown, so that a miss costs the same scrypt work as a wrong
// password: response times do not reveal which usernames exist. Nobody knows its password.
const UNKNOWN_USER_HASH = "$scrypt$ln=14,r=8,p=5$CUA+IASxFTclModcj1T+9A$by5dNjQYebk5Vn9AIbHezf1vbbh+ElkyK937R1AzGNg";

/**
 * The signed-in staff member, or null. A session ended from the account page, by a password
 * change (the account page, a reset link, `npm run admin:password`), or by disabling, removing or
 * deleting the account stops here at its next request.
 */
export async function getStaffUser(request: Request, env: AppEnv, now: Date): Promise<StaffMember | null> {
  const session = await readStaffSession(request, env, now);
  if (!session) return null;
  const user = await memberOfSession(env, session, now);
  if (!user || session.issuedAt < user.passwordChangedAt || !isActiveAccount(user)) return null;
  return { id: user.id, username: user.username, role: user.role, sessionId: session.sessionId };
}

export type LoginResult =
  /** Set-Cookie values: the session, and the device cookie that vouches for this browser next time. */
  | { status: "success"; setCookies: [string, string] }
  /** The password was right and the account has an authenticator: the half-signed-in cookie. */
  | { status: "second-factor"; setCookie: string }
  | { status: "invalid"; message: string }
  | Throttled;

// Credentials are tiny; a larger body is refused before it is read whole. The username is at
// most 64 characters, so what makes a body this large is the password.
export const LOGIN_BODY_LIMIT_BYTES = 8 * 1024;
export const LOGIN_TOO_LARGE_MESSAGE = PASSWORD_TOO_LONG;

/**
 * One login path for the page and the JSON API: throttle, verify, then a fresh session, its
 * registry row and the audit entry. A failed attempt is recorded with the username tried, known
 * or not, by the same single insert, so the answer takes as long either way. A throttled attempt
 * checks no password and is not recorded: a flood of them must not fill the log.
 */
export async function logIn(
  request: Request,
  env: AppEnv,
  credentials: LoginCredentials,
  now: Date,
): Promise<LoginResult> {
  const db = getDb(env);
  const client = clientKey(request);
  const keys: ThrottleKeys = {
    username: credentials.username,
    client,
    device: await trustedDeviceFor(request, env, credentials.username, now.getTime()),
  };
  const throttled = await countAttempt(db, keys, env.LOGIN_THROTTLE_WINDOW_SECONDS, now);
  if (throttled) return throttled;

  const user = await db.query.users.findFirst({ where: eq(users.username, credentials.username) });
  const valid = await verifyPassword(credentials.password, user?.password ?? UNKNOWN_USER_HASH);
  // A disabled or removed account is refused only after its password was checked, with the words
  // of a wrong password: neither the answer nor its timing says the account exists.
  if (!user || !valid || !isActiveAccount(user)) {
    await auditEvent(db, {
      actor: { id: null, name: credentials.username },
      action: "sign-in.failed",
      client,
      at: now,
    });
    return { status: "invalid", message: INVALID_LOGIN_MESSAGE };
  }

  await forgiveLoginAttempt(db, keys);
  if (await hasAuthenticator(db, user.id)) {
    // The password was right: recorded, so a stolen password shows in the log before any code does.
    const entry = auditInsert(db, {
      actor: { id: user.id, name: user.username },
      action: "sign-in.password",
      client,
      at: now,
    });
    return { status: "second-factor", setCookie: await startPendingSignIn(env, user, now, entry) };
  }
  return { status: "success", setCookies: await openSession(request, env, user, now) };
}

export type PendingMember = Pick<User, "id" | "username"> & { pending: PendingSignIn };

/** The member half-way through signing in on this browser (password proven, a code asked), or null. */
export async function pendingMember(request: Request, env: AppEnv, now: Date): Promise<PendingMember | null> {
  const pending = await readPendingSignIn(request, env, now);
  if (!pending) return null;
  const user = await getDb(env).query.users.findFirst({ where: eq(users.id, pending.userId) });
  // A password changed, or the account disabled, since the password was typed: start again.
  if (!user || !isActiveAccount(user) || pending.issuedAt < user.passwordChangedAt) return null;
  return { id: user.id, username: user.username, pending };
}

/**
 * Ends the half-signed-in state and opens the session (`entries` in its batch): the Set-Cookie
 * values; null when another request used this pending sign-in first (it works once).
 */
export async function finishSignIn(
  request: Request,
  env: AppEnv,
  member: PendingMember,
  now: Date,
  entries: AuditEntry[] = [],
): Promise<string[] | null> {
  if (!(await consumePendingSignIn(env, member.pending))) return null;
  return [...(await openSession(request, env, member, now, entries)), await clearPendingSignIn(env)];
}

/** Whether `password` is this active member's password (asked again before what matters). */
export async function isMembersPassword(env: AppEnv, userId: string, password: string): Promise<boolean> {
  const user = await getDb(env).query.users.findFirst({ where: eq(users.id, userId) });
  const valid = await verifyPassword(password, user?.password ?? UNKNOWN_USER_HASH);
  return valid && user !== undefined && isActiveAccount(user);
}

/**
 * Whether signing in with this member's password asks for a code next: a confirmed authenticator
 * app. Read here from the second factor's table, so that sign-in needs nothing of the second factor
 * (which builds on sign-in's sessions); a passkey is a whole sign-in of its own (decision 035).
 */
async function hasAuthenticator(db: Database, userId: string): Promise<boolean> {
  const row = await db
    .select({ userId: totpSecrets.userId })
    .from(totpSecrets)
    .where(and(eq(totpSecrets.userId, userId), isNotNull(totpSecrets.confirmedAt)))
    .get();
  return row !== undefined;
}

/** Whether this member signs in with a password and an authenticator code. */
export function usesAuthenticator(env: AppEnv, userId: string): Promise<boolean> {
  return hasAuthenticator(getDb(env), userId);
}

/**
 * A member who has just proven who they are (a password, an invitation link) gets a fresh session:
 * its registry row, the account's last sign-in, the audit entry, and the device cookie that vouches
 * for this browser next time. Returns the two Set-Cookie values.
 */
export async function openSession(
  request: Request,
  env: AppEnv,
  user: Pick<User, "id" | "username">,
  now: Date,
  entries: AuditEntry[] = [],
): Promise<[string, string]> {
  const db = getDb(env);
  // Signing in again in a browser that has a session ends that one: it would stay listed as active.
  const previous = await readStaffSession(request, env, now);
  if (previous) await endSessions(env, previous.userId, { only: previous.sessionId }, now);
  const sessionId = crypto.randomUUID();
  const session = await startStaffSession(request, env, { userId: user.id, sessionId, now });
  await db.batch([
    registerSession(db, request, { id: sessionId, userId: user.id, key: session.key, now }),
    db.update(users).set({ lastSignInAt: now }).where(eq(users.id, user.id)),
    auditInsert(db, {
      actor: { id: user.id, name: user.username },
      action: "sign-in",
      client: clientKey(request),
      at: now,
    }),
    // What else the sign-in proved (a code, a passkey), with the session it opened.
    ...entries.map((entry) => auditInsert(db, entry)),
  ]);
  return [session.setCookie, await rememberDevice(request, env, user.username, now.getTime())];
}

/**
 * Ends this browser's session (its registry row and KV entry) and records who signed out;
 * returns the Set-Cookie value that clears the cookie. Without a valid session it only clears it.
 */
export async function logOut(request: Request, env: AppEnv, now: Date): Promise<string> {
  const member = await getStaffUser(request, env, now);
  if (member) {
    const acting = { actor: { id: member.id, name: member.username }, client: clientKey(request), at: now };
    await endSessions(env, member.id, { only: member.sessionId }, now, () => ({ ...acting, action: "sign-out" }));
  }
  return endStaffSession(request, env);
}

/** Rows of sessions that began over 30 days ago, as a nightly task. */
export { signInScheduledTasks } from "./server/session-purge.server";
/** The member's cookie: a request carrying it reads D1 as a member (app/db/request-session.server.ts). */
export { SESSION_COOKIE_NAME } from "./server/session.server";
// What other features ask of sign-in: the only door into app/features/sign-in/server/ besides the gates.

/** The stored form of a new password (scrypt). */
export { hashPassword } from "./server/password.server";

export type PasswordProof = { status: "proven" } | { status: "wrong-password"; message: string } | Throttled;

/**
 * Checks a signed-in member's current password, throttled like sign-ins (the same counters, the
 * same browser), so a session left open cannot be used to find it.
 */
export async function proveMemberPassword(
  request: Request,
  env: AppEnv,
  member: Pick<StaffMember, "id" | "username">,
  password: string,
  now: Date,
): Promise<PasswordProof> {
  const db = getDb(env);
  const keys: ThrottleKeys = {
    username: member.username,
    client: clientKey(request),
    device: await trustedDeviceFor(request, env, member.username, now.getTime()),
  };
  const throttled = await countAttempt(db, keys, env.LOGIN_THROTTLE_WINDOW_SECONDS, now);
  if (throttled) return throttled;
  const user = await db.query.users.findFirst({ columns: { password: true }, where: eq(users.id, member.id) });
  if (!user || !(await verifyPassword(password, user.password))) {
    return { status: "wrong-password", message: "That is not your current password." };
  }
  await forgiveLoginAttempt(db, keys);
  return { status: "proven" };
}

/** Limits for a kind of request other than sign-in (a password reset's), counted per window. */
export type RequestLimits = Omit<ThrottleConfig, "windowMs">;

/**
 * Counts a request that must not be repeated too often (a password reset for `account`) on the
 * sign-in throttle's table, under keys of its own; whether it may go ahead, or when it may.
 */
export function countLimitedRequest(
  env: AppEnv,
  { kind, account, client }: { kind: string; account: string; client: string },
  limits: RequestLimits,
  now: Date,
) {
  return countLoginAttempt(
    getDb(env),
    { username: `${kind}:${account}`, client: `${kind}:${client}`, device: null },
    { windowMs: env.LOGIN_THROTTLE_WINDOW_SECONDS * 1000, ...limits },
    now.getTime(),
  );
}

/** One mapping from a sign-in step's outcome to its HTTP answer, for the pages and the API. */
export {
  signInFormRefusal,
  type SignInOutcome,
  signInJsonAnswer,
  signInPageAnswer,
} from "./server/sign-in-answers.server";

/** A member's signed-in browsers (listActiveSessions), and ending them with their entry (endSessions). */
export {
  type ActiveSession,
  endSessions,
  listActiveSessions,
  type SessionsToEnd,
} from "./server/session-registry.server";

/** A half-signed-in browser's codes (5 at most, counted on its pending sign-in); ending them all (a new password). */
export { countPendingCode, endPendingSignIns } from "./server/pending-sign-in.server";

/** Second-factor codes, throttled like passwords under names of their own (decision 017). */
export { countCodeAttempt, forgiveCodeAttempt } from "./server/code-throttle.server";

/** The sign-in form's code, which entry.server.tsx loads before it renders a page (decision 002). */
export { deferredLoginForm } from "./components/deferred-login-form";

/** What a throttled password or code is told (when to try again): an outcome of every such check. */
export type { Throttled };
