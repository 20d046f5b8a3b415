import { eq, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { loginThrottle } from "~/db/schema";

// Password guessing is limited per username and per client, in fixed windows counted in D1 so
// that every Worker instance sees the same numbers. Each attempt is counted atomically *before*
// the password is checked: parallel guesses cannot slip past the limit while a hash runs.

export type ThrottleConfig = { windowMs: number; maxPerUsername: number; maxPerClient: number };

const LOGIN_LIMITS = { maxPerUsername: 5, maxPerClient: 20 } as const;

export type ThrottleKeys = { username: string; client: string };

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const usernameKey = (username: string) => `user:${username}`;
const clientKey = (client: string) => `client:${client}`;

function countAttempt(db: Database, key: string, now: number, windowMs: number) {
  const expired = sql`${loginThrottle.windowStartedAt} <= ${now - windowMs}`;
  return db
    .insert(loginThrottle)
    .values({ key, attempts: 1, windowStartedAt: now })
    .onConflictDoUpdate({
      target: loginThrottle.key,
      set: {
        attempts: sql`case when ${expired} then 1 else ${loginThrottle.attempts} + 1 end`,
        windowStartedAt: sql`case when ${expired} then ${now} else ${loginThrottle.windowStartedAt} end`,
      },
    })
    .returning();
}

/** Counts a login attempt for the username and the client; refuses it once either is over its limit. */
export async function countLoginAttempt(
  db: Database,
  keys: ThrottleKeys,
  config: ThrottleConfig,
  now = Date.now(),
): Promise<ThrottleDecision> {
  const [[user], [client]] = await db.batch([
    countAttempt(db, usernameKey(keys.username), now, config.windowMs),
    countAttempt(db, clientKey(keys.client), now, config.windowMs),
    // Housekeeping: counters whose window has passed mean nothing any more.
    db.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, now - config.windowMs)),
  ]);
  const exceeded = [
    user && user.attempts > config.maxPerUsername ? user : null,
    client && client.attempts > config.maxPerClient ? client : null,
  ].filter((row) => row !== null);
  if (exceeded.length === 0) return { allowed: true };
  const windowEnds = Math.max(...exceeded.map((row) => row.windowStartedAt + config.windowMs));
  return { allowed: false, retryAfterMs: Math.max(windowEnds - now, 0) };
}

/** After a successful login: the username starts afresh, and the attempt no longer counts for the client. */
export async function forgiveLoginAttempt(db: Database, keys: ThrottleKeys): Promise<void> {
  await db.batch([
    db.delete(loginThrottle).where(eq(loginThrottle.key, usernameKey(keys.username))),
    db
      .update(loginThrottle)
      .set({ attempts: sql`max(${loginThrottle.attempts} - 1, 0)` })
      .where(eq(loginThrottle.key, clientKey(keys.client))),
  ]);
}

export function throttleConfig(windowSeconds: number): ThrottleConfig {
  return { windowMs: windowSeconds * 1000, ...LOGIN_LIMITS };
}
