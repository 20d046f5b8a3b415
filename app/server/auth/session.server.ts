import { createWorkersKVSessionStorage } from "@react-router/cloudflare";
import { createCookie } from "react-router";
import type { AppEnv } from "../http/env.server";

// Staff sessions: a random id in a signed cookie, the data in KV. A session lives at most
// 8 hours from login, however active it is: KV expires the entry, and the issue time stored
// inside is checked on every read in case KV (eventually consistent) still has it.
// Why KV and these rules: docs/decisions/007-sessions.md.

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
// __Host-: browsers take it only with Secure, Path=/ and no Domain, so a sibling subdomain can
// neither set nor shadow it. Chromium and Firefox treat http://localhost as secure for cookies,
// so local runs use the same name (the browser tests log in over http://localhost).
export const SESSION_COOKIE_NAME = "__Host-session";

type StaffSessionData = { userId: string; issuedAt: number };

function sessionCookie(env: AppEnv) {
  return createCookie(SESSION_COOKIE_NAME, {
    httpOnly: true,
    sameSite: "lax",
    secure: true,
    path: "/",
    secrets: [env.SESSION_SECRET],
  });
}

function sessionStorage(env: AppEnv) {
  return createWorkersKVSessionStorage<StaffSessionData>({ kv: env.SESSIONS, cookie: sessionCookie(env) });
}

export type StaffSession = { userId: string; issuedAt: number };

/** The signed-in user's id and the session's start, or null without a valid, unexpired session. */
export async function readStaffSession(request: Request, env: AppEnv): Promise<StaffSession | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const storage = sessionStorage(env);
  const session = await storage.getSession(cookieHeader);
  const userId = session.get("userId");
  const issuedAt = session.get("issuedAt");
  if (typeof userId !== "string" || typeof issuedAt !== "number") return null;
  if (Date.now() - issuedAt >= SESSION_LIFETIME_MS) {
    await storage.destroySession(session);
    return null;
  }
  return { userId, issuedAt };
}

/**
 * Starts a session for a user who has just proven their password. Any session the browser
 * brought is destroyed and a new id is issued, so an id planted before login is worthless.
 * Returns the Set-Cookie header value.
 */
export async function startStaffSession(request: Request, env: AppEnv, userId: string): Promise<string> {
  const storage = sessionStorage(env);
  const cookieHeader = request.headers.get("Cookie");
  if (cookieHeader?.includes(`${SESSION_COOKIE_NAME}=`)) {
    await storage.destroySession(await storage.getSession(cookieHeader));
  }
  const session = await storage.getSession();
  const issuedAt = Date.now();
  session.set("userId", userId);
  session.set("issuedAt", issuedAt);
  // Cookie and KV entry expire together, 8 hours after login.
  return storage.commitSession(session, { expires: new Date(issuedAt + SESSION_LIFETIME_MS) });
}

/**
 * Deletes the session's KV entry and returns the Set-Cookie header value that clears the cookie.
 * Without a session id (no cookie, an empty one, one this site never signed) there is no entry to
 * delete, and KV refuses an empty key: the cookie is cleared all the same.
 */
export async function endStaffSession(request: Request, env: AppEnv): Promise<string> {
  const storage = sessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (session.id === "") return sessionCookie(env).serialize("", { expires: new Date(0) });
  return storage.destroySession(session);
}
