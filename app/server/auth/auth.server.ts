import { eq } from "drizzle-orm";
import { type LoginCredentials, PASSWORD_TOO_LONG } from "~/forms/login-schema";
import { getDb } from "~/db/db.server";
import { type User, users } from "~/db/schema";
import type { StaffRole } from "~/staff/roles";
import type { AppEnv } from "../http/env.server";
import { countLoginAttempt, forgiveLoginAttempt, throttleConfig, type ThrottleKeys } from "./login-throttle.server";
import { verifyPassword } from "./password.server";
import { clientKey } from "../http/client-address.server";
import { rememberDevice, trustedDeviceFor } from "./device-cookie.server";

import { endStaffSession, readStaffSession, startStaffSession } from "./session.server";

export type StaffUser = { id: string; username: string; role: StaffRole };

const INVALID_LOGIN_MESSAGE = "Invalid username or password.";

// Verified when the username is unknown, so that a miss costs the same scrypt work as a wrong
// password: response times do not reveal which usernames exist. Nobody knows its password.
const UNKNOWN_USER_HASH = "$scrypt$ln=14,r=8,p=5$CUA+IASxFTclModcj1T+9A$by5dNjQYebk5Vn9AIbHezf1vbbh+ElkyK937R1AzGNg";

/** Whether an account may sign in and keep its sessions: not disabled, not removed. */
export const isActiveAccount = (user: Pick<User, "disabledAt" | "removedAt">) => !user.disabledAt && !user.removedAt;

/**
 * The signed-in staff member, or null. Deleting, disabling or removing an account, or changing its
 * password (`npm run admin:password`, a reset link), ends its sessions at their next request.
 */
export async function getStaffUser(request: Request, env: AppEnv): Promise<StaffUser | null> {
  const session = await readStaffSession(request, env);
  if (!session) return null;
  const user = await getDb(env).query.users.findFirst({
    columns: { id: true, username: true, role: true, passwordChangedAt: true, disabledAt: true, removedAt: true },
    where: eq(users.id, session.userId),
  });
  if (!user || session.issuedAt < user.passwordChangedAt || !isActiveAccount(user)) return null;
  return { id: user.id, username: user.username, role: user.role };
}

export type LoginResult =
  /** Set-Cookie values: the session, and the device cookie that vouches for this browser next time. */
  | { status: "success"; setCookies: [string, string] }
  | { status: "invalid"; message: string }
  | { status: "throttled"; message: string; retryAfterSeconds: number };

// Credentials are tiny; a larger body is refused before it is read whole. The username is at
// most 64 characters, so what makes a body this large is the password.
export const LOGIN_BODY_LIMIT_BYTES = 8 * 1024;
export const LOGIN_TOO_LARGE_MESSAGE = PASSWORD_TOO_LONG;

/**
 * One login path for the page and the JSON API: throttle, verify, then a fresh session. `now` is
 * the request's time (getRequestTime): the throttle's windows and the device cookie's age follow it.
 */
export async function logIn(
  request: Request,
  env: AppEnv,
  credentials: LoginCredentials,
  now: Date,
): Promise<LoginResult> {
  const db = getDb(env);
  const at = now.getTime();
  const keys: ThrottleKeys = {
    username: credentials.username,
    client: clientKey(request),
    device: await trustedDeviceFor(request, env, credentials.username, at),
  };
  const decision = await countLoginAttempt(db, keys, throttleConfig(env.LOGIN_THROTTLE_WINDOW_SECONDS), at);
  if (!decision.allowed) {
    const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
    return {
      status: "throttled",
      message: `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
      retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000),
    };
  }

  const user = await db.query.users.findFirst({ where: eq(users.username, credentials.username) });
  const valid = await verifyPassword(credentials.password, user?.password ?? UNKNOWN_USER_HASH);
  // A disabled or removed account is refused only after its password was checked, with the words
  // of a wrong password: neither the answer nor its timing says the account exists.
  if (!user || !valid || !isActiveAccount(user)) return { status: "invalid", message: INVALID_LOGIN_MESSAGE };

  await forgiveLoginAttempt(db, keys);
  const session = await startStaffSession(request, env, user.id);
  return { status: "success", setCookies: [session, await rememberDevice(request, env, credentials.username, at)] };
}

/** Ends the session (deleting its KV entry); returns the Set-Cookie value that clears the cookie. */
export function logOut(request: Request, env: AppEnv): Promise<string> {
  return endStaffSession(request, env);
}
