import { sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { listWalks } from "~/db/schema/inbox";
import { inboxKinds, type InboxKind } from "~/records/kinds";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../../audit/audit.server";
import type { Acting } from "../../../http/staff-member.server";
import type { AppEnv } from "../../../http/env.server";
import type { InboxListQuery as ListQuery } from "./inbox-query.server";
import { askAgainIfStale } from "../../second-factor/second-factor.server";

// Bulk reads are exports (docs/security.md): every door that lists records gives every record page
// by page (the list API; the inbox page, as HTML or through its .data requests), as the CSV does in
// one file. So at each door a page past the first asks for the recent check, like the CSV
// (askBeforeWalking), and a walk that reads more than EXPORT_THRESHOLD records is written to the
// audit log as an export, as the CSV is (countListPage): who, which kind, which filter, how many
// the filter matches, through which door. A walk is one session's reading of one kind with one
// filter, from its first page, whichever door each page came through; a new first page, or
// another filter, starts another.

export const EXPORT_THRESHOLD = 200;

/** Where a page of records was read: the list API, or the inbox page (HTML or .data). */
export type ListDoor = "api" | "page";

/**
 * Before a page of a list: null for a first page, or when this session proved its member within 2
 * hours; else the answer that asks for the check (403 `step` for the API, the check page for the inbox).
 */
export async function askBeforeWalking(request: Request, env: AppEnv, query: ListQuery, now: Date) {
  return query.cursor ? askAgainIfStale(request, env, now) : null;
}

/** The filter a walk reads with: everything in the query but where it is and how much a page holds. */
function filterOf(query: ListQuery): string {
  return JSON.stringify([
    query.statuses,
    query.terms,
    query.dueBefore?.getTime() ?? null,
    query.replied,
    query.assignee ?? null,
  ]);
}

/** Counts a page a door gave (a GET: HEAD sends none); the walk's audit entry past 200 records. */
export async function countListPage(
  request: Request,
  env: AppEnv,
  acting: Acting,
  kind: InboxKind,
  query: ListQuery,
  page: { read: number; total: number; through: ListDoor },
): Promise<void> {
  if (request.method !== "GET" || !acting.sessionId || page.read === 0) return;
  const filter = filterOf(query);
  // A first page, or another filter, starts the walk again; a later page of the same adds to it.
  const fresh = query.cursor === null;
  const row = await getDb(env)
    .insert(listWalks)
    .values({ sessionId: acting.sessionId, kind, filter, recordsRead: page.read })
    .onConflictDoUpdate({
      target: [listWalks.sessionId, listWalks.kind],
      set: {
        recordsRead: sql`case when ${fresh ? 1 : 0} or ${listWalks.filter} <> ${filter} then ${page.read} else ${listWalks.recordsRead} + ${page.read} end`,
        audited: sql`case when ${fresh ? 1 : 0} or ${listWalks.filter} <> ${filter} then 0 else ${listWalks.audited} end`,
        filter,
      },
    })
    .returning({ recordsRead: listWalks.recordsRead, audited: listWalks.audited })
    .get();
  if (!row || row.audited || row.recordsRead <= EXPORT_THRESHOLD) return;
  const db = getDb(env);
  // The walk is claimed and its entry written in one batch: of two pages at once, one writes it.
  await db.batch([
    db
      .update(listWalks)
      .set({ audited: true })
      .where(
        sql`${listWalks.sessionId} = ${acting.sessionId} and ${listWalks.kind} = ${kind} and ${listWalks.audited} = 0`,
      ),
    auditInsertIf(
      db,
      {
        ...acting,
        action: "records.list-export",
        target: inboxKinds[kind].slug,
        // The filter and whether it searched (not what: a search holds names), and how many.
        detail: {
          statuses: query.statuses.join(","),
          searched: query.terms.length > 0,
          due: query.dueBefore !== null,
          assignee: query.assignee ?? null,
          replied: query.replied,
          read: row.recordsRead,
          matching: page.total,
          through: page.through,
        },
      },
      AUDIT_IF_CHANGED,
    ),
  ]);
}
