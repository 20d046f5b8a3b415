import { AUDIT_ACTIONS, type AuditAction, type AuditEntry } from "~/features/audit/actions";
import { and, asc, count, desc, eq, isNull, lt, or, type SQL, sql } from "drizzle-orm";
import { USERNAME_PATTERN } from "~/features/sign-in/sign-in";
import { getDb } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import { users } from "~/db/schema/staff";
import type { AppEnv } from "../../../http/env.server";
import { type Outcome, refused, succeeded } from "../../../http/outcome.server";
import { repeatedParameter } from "../../../http/query.server";

// Reading the audit log (/incoming/audit and GET /api/audit): newest first, a page at a time by
// keyset on the entry's id (ids only grow, so a page costs the same however deep it is and an
// entry written meanwhile never shifts the pages), filtered by person and by kind of action.

export const AUDIT_PAGE_SIZE = 50;
const MAX_API_PAGE_SIZE = 100;

export type AuditQuery = {
  /** A username: that member's entries, and failed sign-ins that tried it. */
  person: string | null;
  action: AuditAction | null;
  /** Entries older than this id (the previous page's last). */
  before: number | null;
  limit: number;
};

export type AuditPage = { entries: AuditEntry[]; total: number; before: number | null };

const isAuditAction = (value: string): value is AuditAction => (AUDIT_ACTIONS as string[]).includes(value);

/** The list's address (`person`, `action`, `before`, and `limit` for the API), read strictly. */
export function parseAuditQuery(params: URLSearchParams, { api }: { api: boolean }): Outcome<AuditQuery> {
  const repeated = repeatedParameter(params);
  if (repeated) return refused("invalid", `Give ${repeated} once.`);
  // An empty select ("Everyone", "Every kind") sends the parameter empty: no filter.
  const given = (name: string) => (params.get(name) === "" ? null : params.get(name));
  const person = given("person");
  if (person !== null && !USERNAME_PATTERN.test(person)) return refused("invalid", "person must be a username.");
  const action = given("action");
  if (action !== null && !isAuditAction(action)) {
    return refused("invalid", `action must be one of ${AUDIT_ACTIONS.join(", ")}.`);
  }
  const beforeText = params.get("before");
  const before = beforeText === null ? null : Number(beforeText);
  if (before !== null && !(Number.isSafeInteger(before) && before > 0)) {
    return refused("invalid", "before must be an entry id from a Link header.");
  }
  const limitText = api ? params.get("limit") : null;
  const limit = limitText === null ? AUDIT_PAGE_SIZE : Number(limitText);
  if (!(Number.isSafeInteger(limit) && limit >= 1 && limit <= MAX_API_PAGE_SIZE)) {
    return refused("invalid", `limit must be a whole number from 1 to ${MAX_API_PAGE_SIZE}.`);
  }
  return succeeded({ person, action, before, limit });
}

async function filterConditions(env: AppEnv, query: AuditQuery): Promise<SQL[]> {
  const conditions: SQL[] = [];
  if (query.action) conditions.push(eq(auditLog.action, query.action));
  if (query.person) {
    const member = await getDb(env).query.users.findFirst({
      columns: { id: true },
      where: eq(users.username, query.person),
    });
    const tried = and(isNull(auditLog.actorId), eq(auditLog.actorName, query.person))!;
    conditions.push(member ? or(eq(auditLog.actorId, member.id), tried)! : tried);
  }
  return conditions;
}

/** A page of entries and how many the filter matches over every page. */
export async function listAuditEntries(env: AppEnv, query: AuditQuery): Promise<AuditPage> {
  const db = getDb(env);
  const filter = await filterConditions(env, query);
  const page = query.before === null ? filter : [...filter, lt(auditLog.id, query.before)];
  const [rows, [counted]] = await db.batch([
    db
      .select({
        id: auditLog.id,
        at: auditLog.at,
        action: auditLog.action,
        actorId: auditLog.actorId,
        actorName: auditLog.actorName,
        // Who did it as staff know them now: the display name, the username when there is none.
        displayName: users.displayName,
        target: auditLog.target,
        detail: auditLog.detail,
        client: auditLog.client,
      })
      .from(auditLog)
      .leftJoin(users, eq(users.id, auditLog.actorId))
      .where(and(...page))
      .orderBy(desc(auditLog.id))
      .limit(query.limit + 1),
    db
      .select({ total: count() })
      .from(auditLog)
      .where(and(...filter)),
  ]);
  const entries = rows.slice(0, query.limit).map(({ actorId, actorName, displayName, ...entry }): AuditEntry => ({
    ...entry,
    actor: actorName === null ? null : { id: actorId, username: actorName, name: displayName ?? actorName },
  }));
  const more = rows.length > query.limit;
  return { entries, total: counted?.total ?? 0, before: more ? (entries.at(-1)?.id ?? null) : null };
}

/** The people the filter offers: every account, by the name staff know them by. */
export async function auditPeople(env: AppEnv): Promise<{ username: string; name: string }[]> {
  const rows = await getDb(env)
    .select({ username: users.username, name: sql<string>`coalesce(${users.displayName}, ${users.username})` })
    .from(users)
    .orderBy(asc(users.username));
  return rows;
}
