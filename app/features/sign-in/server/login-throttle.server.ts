import { eq, inArray, lte, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { loginThrottle } from "~/db/schema/staff";

// Password guessing is limited in fixed windows counted in D1, so that every Worker instance sees
// the same numbers. Each attempt is counted atomically *before* the password is checked: parallel
// guesses cannot slip past a limit while a hash runs.
//
// What is counted follows OWASP's device cookies (decision record 017). A lock on a username alone
// would let anyone keep its owner out (five wrong passwords from anywhere every quarter hour), so:
// - every attempt counts for its client (an IPv4 address or IPv6 /64), at most 20 a window;
// - a browser that has logged in as this username before (a signed device cookie) counts for
//   that device, at most 10: a stranger elsewhere cannot touch those counters;
// - any other browser counts for its username and client together, at most 5, and for the
//   username over all unknown browsers, at most 100 (a ceiling for guessing spread over many
//   addresses, which cannot keep out a browser that has logged in before).

export type ThrottleConfig = {
  windowMs: number;
  maxPerClient: number;
  maxPerDevice: number;
  maxPerUsernameAndClient: number;
  maxPerUsername: number;
};

const LOGIN_LIMITS = { maxPerClient: 20, maxPerDevice: 10, maxPerUsernameAndClient: 5, maxPerUsername: 100 } as const;

export type ThrottleKeys = {
  username: string;
  client: string;
  /** The id of a device cookie that vouches for this username, or null for an unknown browser. */
  device: string | null;
};

export type ThrottleDecision = { allowed: true } | { allowed: false; retryAfterMs: number };

const clientKey = (client: string) => `client:${client}`;
const deviceKey = (device: string) => `device:${device}`;
const usernameKey = (username: string) => `user:${username}`;
// JSON keeps the two parts apart whatever characters an attacker puts in a username.
const usernameAndClientKey = ({ username, client }: ThrottleKeys) =>
  `user+client:${JSON.stringify([username, client])}`;

function bumpCounter(db: Database, key: string, now: number, windowMs: number) {
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

/** The counters an attempt adds to, each with its limit. */
function countersFor(keys: ThrottleKeys, config: ThrottleConfig): { key: string; max: number }[] {
  const client = { key: clientKey(keys.client), max: config.maxPerClient };
  if (keys.device) return [client, { key: deviceKey(keys.device), max: config.maxPerDevice }];
  return [
    client,
    { key: usernameAndClientKey(keys), max: config.maxPerUsernameAndClient },
    { key: usernameKey(keys.username), max: config.maxPerUsername },
  ];
}

/** Counts a login attempt on each of its counters; refuses it once any of them is over its limit. */
export async function countLoginAttempt(
  db: Database,
  keys: ThrottleKeys,
  config: ThrottleConfig,
  now: number,
): Promise<ThrottleDecision> {
  const counters = countersFor(keys, config);
  const [first, ...rest] = counters.map(({ key }) => bumpCounter(db, key, now, config.windowMs));
  const results = await db.batch([
    first!,
    ...rest,
    // Housekeeping: counters whose window has passed mean nothing any more.
    db.delete(loginThrottle).where(lte(loginThrottle.windowStartedAt, now - config.windowMs)),
  ]);
  const exceeded = counters.flatMap(({ max }, index) => {
    const result = results[index];
    const row = Array.isArray(result) ? result[0] : undefined;
    return row && row.attempts > max ? [row.windowStartedAt + config.windowMs] : [];
  });
  if (exceeded.length === 0) return { allowed: true };
  return { allowed: false, retryAfterMs: Math.max(Math.max(...exceeded) - now, 0) };
}

/**
 * After a successful login: this browser's own failures (as a device, or for this username from
 * this client) are forgiven, and the attempt no longer counts for the client. The username's
 * count over unknown browsers stays: those were someone else's guesses.
 */
export async function forgiveLoginAttempt(db: Database, keys: ThrottleKeys): Promise<void> {
  const own = [usernameAndClientKey(keys), ...(keys.device ? [deviceKey(keys.device)] : [])];
  await db.batch([
    db.delete(loginThrottle).where(inArray(loginThrottle.key, own)),
    db
      .update(loginThrottle)
      .set({ attempts: sql`max(${loginThrottle.attempts} - 1, 0)` })
      .where(eq(loginThrottle.key, clientKey(keys.client))),
  ]);
}

export function throttleConfig(windowSeconds: number): ThrottleConfig {
  return { windowMs: windowSeconds * 1000, ...LOGIN_LIMITS };
}

/** What a throttled attempt is told: when to try again. */
export type Throttled = { status: "throttled"; message: string; retryAfterSeconds: number };

/** Counts one attempt with the sign-in limits; the answer to give when it is over them, else null. */
export async function countAttempt(
  db: Database,
  keys: ThrottleKeys,
  windowSeconds: number,
  now: Date,
): Promise<Throttled | null> {
  const decision = await countLoginAttempt(db, keys, throttleConfig(windowSeconds), now.getTime());
  if (decision.allowed) return null;
  const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
  return {
    status: "throttled",
    message: `Too many attempts, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    retryAfterSeconds: Math.ceil(decision.retryAfterMs / 1000),
  };
}
