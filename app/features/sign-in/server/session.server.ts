import { encodeHexLowerCase } from "@oslojs/encoding";
import { createSessionStorage } from "react-router";
import type { AppEnv } from "../../../http/env.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";

// Staff sessions: a random key in a signed cookie, the data in KV, and a row in the D1 registry
// (session-registry.server.ts) that says whether the session is still on. A session lives at most
// 8 hours from sign-in, however active it is: KV expires the entry, and the issue time stored
// inside is checked against the request's time on every read.
// Why KV, the registry and these rules: docs/decisions/007-sessions.md and 033-session-registry.md.

export const SESSION_LIFETIME_MS = 8 * 60 * 60 * 1000;
// __Host- (signedHostCookie). Chromium and Firefox treat http://localhost as secure for cookies,
// so local runs use the same name (the browser tests log in over http://localhost).
export const SESSION_COOKIE_NAME = "__Host-session";

/** What KV keeps under the session's key: who, since when, and the registry row that can end it. */
type StaffSessionData = { userId: string; issuedAt: number; sessionId: string };

/** 128 random bits, hex: the KV key the signed cookie carries. */
const newSessionKey = () => encodeHexLowerCase(crypto.getRandomValues(new Uint8Array(16)));

// React Router's session storage over KV, with the key chosen by the caller so that the registry
// row can name it. KV's own expiry is relative to the real clock (an absolute one in the past is
// refused); the 8 hours are enforced against the request's time in readStaffSession.
const sessionCookie = (env: AppEnv) => signedHostCookie(SESSION_COOKIE_NAME, env, { sameSite: "lax" });

async function sessionStorage(env: AppEnv, keyForNewSession: () => string = newSessionKey) {
  return createSessionStorage<StaffSessionData>({
    cookie: await sessionCookie(env),
    async createData(data) {
      const key = keyForNewSession();
      await env.SESSIONS.put(key, JSON.stringify(data), { expirationTtl: SESSION_LIFETIME_MS / 1000 });
      return key;
    },
    readData: (key) => env.SESSIONS.get<StaffSessionData>(key, "json"),
    async updateData(key, data) {
      await env.SESSIONS.put(key, JSON.stringify(data), { expirationTtl: SESSION_LIFETIME_MS / 1000 });
    },
    deleteData: (key) => env.SESSIONS.delete(key),
  });
}

export type StaffSession = StaffSessionData & { key: string };

/**
 * The session the cookie names, or null without one or once its 8 hours are over. Whether its
 * registry row is still on is for the caller to check (auth.server.ts, with the user's row).
 */
export async function readStaffSession(request: Request, env: AppEnv, now: Date): Promise<StaffSession | null> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${SESSION_COOKIE_NAME}=`)) return null;
  const storage = await sessionStorage(env);
  const session = await storage.getSession(cookieHeader);
  const userId = session.get("userId");
  const issuedAt = session.get("issuedAt");
  const sessionId = session.get("sessionId");
  // A session from before the registry has no row to check: it is over (one more sign-in).
  if (typeof userId !== "string" || typeof issuedAt !== "number" || typeof sessionId !== "string") return null;
  if (now.getTime() - issuedAt >= SESSION_LIFETIME_MS) {
    await storage.destroySession(session);
    return null;
  }
  return { userId, issuedAt, sessionId, key: session.id };
}

/**
 * Starts a session for a user who has just proven their password, under a new key: any session
 * the browser brought is destroyed, so a key planted before sign-in is worthless. Returns the
 * Set-Cookie value and the KV key (for the registry row).
 */
export async function startStaffSession(
  request: Request,
  env: AppEnv,
  { userId, sessionId, now }: { userId: string; sessionId: string; now: Date },
): Promise<{ setCookie: string; key: string }> {
  const key = newSessionKey();
  const storage = await sessionStorage(env, () => key);
  const cookieHeader = request.headers.get("Cookie");
  if (cookieHeader?.includes(`${SESSION_COOKIE_NAME}=`)) {
    await storage.destroySession(await storage.getSession(cookieHeader));
  }
  const session = await storage.getSession();
  const issuedAt = now.getTime();
  session.set("userId", userId);
  session.set("issuedAt", issuedAt);
  session.set("sessionId", sessionId);
  // The cookie expires with the session, 8 hours after sign-in.
  const setCookie = await storage.commitSession(session, { expires: new Date(issuedAt + SESSION_LIFETIME_MS) });
  return { setCookie, key };
}

/**
 * Deletes the session's KV entry and returns the Set-Cookie header value that clears the cookie.
 * Without a session id (no cookie, an empty one, one this site never signed) there is no entry to
 * delete, and KV refuses an empty key: the cookie is cleared all the same.
 */
export async function endStaffSession(request: Request, env: AppEnv): Promise<string> {
  const storage = await sessionStorage(env);
  const session = await storage.getSession(request.headers.get("Cookie"));
  if (session.id === "") return (await sessionCookie(env)).serialize("", { expires: new Date(0) });
  return storage.destroySession(session);
}

/** Deletes KV entries of sessions ended elsewhere (the registry has already ended them). */
export async function deleteSessionData(env: AppEnv, keys: readonly string[]): Promise<void> {
  await Promise.all(keys.map((key) => env.SESSIONS.delete(key)));
}
