import { and, desc, eq, gt, inArray, isNull, ne } from "drizzle-orm";
import { getDb, type Database } from "~/db/db.server";
import { staffSessions, users } from "~/db/schema/staff";
import type { AppEnv } from "../../../http/env.server";
import { AUDIT_IF_CHANGED, type AuditEntry, auditInsertIf } from "../../audit/audit.server";
import { deleteSessionData, SESSION_LIFETIME_MS } from "./session.server";

// The registry of staff sessions in D1 (docs/decisions/033-session-registry.md): one row per
// signed-in browser, so that a member can see theirs and end any of them, and a password change
// can end all the others. KV holds the session's data; D1 says whether it is still on, and D1
// is consistent everywhere at once, so an ended session stops at its very next request.

/** "Last seen" is written at most this often: a page view stays a read. */
export const LAST_SEEN_EVERY_MS = 5 * 60 * 1000;

/** A session as its member sees it on the account page and in the API. */
export type ActiveSession = {
  id: string;
  signedInAt: Date;
  lastSeenAt: Date;
  browser: string | null;
  place: string | null;
  current: boolean;
};

const BROWSERS: [RegExp, string][] = [
  [/Edg(?:e|A|iOS)?\//, "Edge"],
  [/OPR\/|Opera/, "Opera"],
  [/SamsungBrowser\//, "Samsung Internet"],
  [/Firefox\/|FxiOS\//, "Firefox"],
  [/Chrome\/|CriOS\/|Chromium\//, "Chrome"],
  [/Safari\//, "Safari"],
];
const SYSTEMS: [RegExp, string][] = [
  [/iPhone|iPad|iPod/, "iOS"],
  [/Android/, "Android"],
  [/CrOS/, "ChromeOS"],
  [/Windows/, "Windows"],
  [/Mac OS X|Macintosh/, "macOS"],
  [/Linux/, "Linux"],
];

/** "Chrome on Windows" from a User-Agent, enough for a member to tell their browsers apart. */
export function describeBrowser(userAgent: string | null): string | null {
  if (!userAgent) return null;
  const browser = BROWSERS.find(([pattern]) => pattern.test(userAgent))?.[1];
  const system = SYSTEMS.find(([pattern]) => pattern.test(userAgent))?.[1];
  if (browser && system) return `${browser} on ${system}`;
  return browser ?? system ?? "Another program";
}

type PlaceFields = { city?: unknown; region?: unknown; country?: unknown };

/** "Baltimore, Maryland, US" from the platform's guess at the client's place, when it made one. */
export function describePlace(request: Request): string | null {
  const cf = (request as Request & { cf?: PlaceFields }).cf;
  const parts = [cf?.city, cf?.region, cf?.country].filter(
    (part): part is string => typeof part === "string" && part !== "",
  );
  return parts.length > 0 ? parts.join(", ").slice(0, 120) : null;
}

/** The registry row of a new session (a query, for the sign-in's batch). */
export function registerSession(
  db: Database,
  request: Request,
  { id, userId, key, now }: { id: string; userId: string; key: string; now: Date },
) {
  return db.insert(staffSessions).values({
    id,
    userId,
    kvKey: key,
    signedInAt: now,
    lastSeenAt: now,
    browser: describeBrowser(request.headers.get("User-Agent")),
    place: describePlace(request),
  });
}

/**
 * The member behind a session that is still on: its row not ended, its user still there.
 * Refreshes "last seen" when it is older than LAST_SEEN_EVERY_MS.
 */
export async function memberOfSession(env: AppEnv, session: { sessionId: string; userId: string }, now: Date) {
  const db = getDb(env);
  const [row] = await db
    .select({
      id: users.id,
      username: users.username,
      role: users.role,
      passwordChangedAt: users.passwordChangedAt,
      disabledAt: users.disabledAt,
      removedAt: users.removedAt,
      lastSeenAt: staffSessions.lastSeenAt,
    })
    .from(staffSessions)
    .innerJoin(users, eq(users.id, staffSessions.userId))
    .where(
      and(
        eq(staffSessions.id, session.sessionId),
        eq(staffSessions.userId, session.userId),
        isNull(staffSessions.endedAt),
      ),
    )
    .limit(1);
  if (!row) return null;
  if (now.getTime() - row.lastSeenAt.getTime() >= LAST_SEEN_EVERY_MS) {
    await db.update(staffSessions).set({ lastSeenAt: now }).where(eq(staffSessions.id, session.sessionId));
  }
  return row;
}

/** Sessions that began within the last 8 hours and were not ended. */
const isActive = (now: Date) =>
  and(isNull(staffSessions.endedAt), gt(staffSessions.signedInAt, new Date(now.getTime() - SESSION_LIFETIME_MS)));

/** A member's active sessions, newest sign-in first, the one making the request marked current. */
export async function listActiveSessions(
  env: AppEnv,
  member: { id: string; sessionId: string },
  now: Date,
): Promise<ActiveSession[]> {
  const rows = await getDb(env)
    .select({
      id: staffSessions.id,
      signedInAt: staffSessions.signedInAt,
      lastSeenAt: staffSessions.lastSeenAt,
      browser: staffSessions.browser,
      place: staffSessions.place,
    })
    .from(staffSessions)
    .where(and(eq(staffSessions.userId, member.id), isActive(now)))
    .orderBy(desc(staffSessions.signedInAt), desc(staffSessions.id));
  return rows.map((row) => ({ ...row, current: row.id === member.sessionId }));
}

/** Which of a member's sessions to end: one by its id, or every one but the current. */
export type SessionsToEnd = { only: string } | { allBut: string };

/**
 * Ends a member's active sessions (one, or all but one): their rows first, with the audit entry
 * `entryFor` makes of how many ended (none when nothing ended), which stops them at their next
 * request; then their KV entries. Returns how many ended (0: no such active session).
 */
export async function endSessions(
  env: AppEnv,
  userId: string,
  which: SessionsToEnd,
  now: Date,
  entryFor?: (ended: number) => AuditEntry,
): Promise<number> {
  const db = getDb(env);
  const chosen = and(
    eq(staffSessions.userId, userId),
    isActive(now),
    "only" in which ? eq(staffSessions.id, which.only) : ne(staffSessions.id, which.allBut),
  );
  const toEnd = await db.select({ id: staffSessions.id }).from(staffSessions).where(chosen);
  if (toEnd.length === 0) return 0;
  const ids = toEnd.map((row) => row.id);
  const end = db
    .update(staffSessions)
    .set({ endedAt: now })
    .where(and(chosen, inArray(staffSessions.id, ids)))
    .returning({ key: staffSessions.kvKey });
  const [ended] = entryFor
    ? await db.batch([end, auditInsertIf(db, entryFor(ids.length), AUDIT_IF_CHANGED)])
    : [await end];
  await deleteSessionData(
    env,
    ended.map((row) => row.key),
  );
  return ended.length;
}
