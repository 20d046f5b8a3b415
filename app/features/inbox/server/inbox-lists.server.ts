import { and, asc, desc, inArray, is, SQL, sql } from "drizzle-orm";
import type { AnySQLiteColumn } from "drizzle-orm/sqlite-core";
import type { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";
import { batchableAll, getDb, type Database } from "~/db/db.server";
import { inboxTables } from "~/db/schema/inbox";
import type { InboxKind } from "~/records/kinds";
import { SUBMISSION_STATUSES } from "~/records/statuses";
import type { AppEnv } from "../../../http/env.server";
import {
  type CountsRow,
  repliedCountOf,
  type StatusCounts,
  statusCountsQuery,
  toStatusCounts,
} from "./inbox-counts.server";
import { encodeCursor, type InboxListQuery, type ListCursor } from "./inbox-query.server";
import { type InboxTable, ledgerColumns, ownColumns, type OwnRecord, type RowOf, toRecord } from "../inbox.server";
import { listColumns, type ListedRecord } from "./list-columns.server";

// Lists: newest first, a page at a time, keyset on (submitted_at, id) so a page costs the same
// however deep it is, and two records received in the same millisecond are neither lost nor
// repeated. See docs/decisions/020-inbox-statuses-and-lists.md. Each row carries its card's flags
// (list-columns.server.ts).

type ListFilters = Pick<InboxListQuery, "statuses" | "terms" | "dueBefore" | "replied" | "assignee">;

/** Whether a list has a filter the status counts cannot total (a follow-up or assignee filter, a search). */
const needsCount = (query: ListFilters) =>
  query.terms.length > 0 || query.dueBefore !== null || query.replied || query.assignee !== undefined;

function filterConditions(table: InboxTable, query: ListFilters): SQL[] {
  const conditions: SQL[] = [];
  const searching = query.terms.length > 0;
  if (query.statuses.length < SUBMISSION_STATUSES.length) {
    // While searching closed records, the status must not lead SQLite to its index: closed is where
    // nearly every record ends up, so nearly every row is read anyway, and a table scan reads them
    // in order instead of one index lookup each (5-6 times faster at 100,000 rows). Without closed
    // (the default "open" filter, a few percent of the records) the index reads only those, and
    // carries their search text: 2 ms at 100,000 (docs/decisions/021-inbox-search.md). A call-back
    // list reads the follow-up index instead, which holds only the records with one: 15 → 5.5 ms
    // with the default filter. The unary + keeps the status index out.
    const statusIndexOut = (searching && query.statuses.includes("closed")) || query.dueBefore !== null;
    conditions.push(
      statusIndexOut ? sql`+${table.status} in ${query.statuses}` : inArray(table.status, [...query.statuses]),
    );
  }
  // The call-back desk's filters (decision 037): a follow-up due by the end of the shop's day on a
  // record not closed (nor spam), and whose record it is.
  if (query.dueBefore) {
    conditions.push(
      sql`${table.followUpAt} is not null and ${table.followUpAt} < ${query.dueBefore.getTime()}`,
      sql`${table.status} not in ('closed', 'spam')`,
    );
  }
  // A customer's answer waiting on staff (app/features/replies/, decision 041).
  if (query.replied) conditions.push(sql`${table.repliedAt} is not null`);
  if (query.assignee === null) conditions.push(sql`${table.assignee} is null`);
  else if (query.assignee !== undefined) conditions.push(sql`${table.assignee} = ${query.assignee}`);
  // instr on lower-cased text: no LIKE wildcards to escape in what staff type.
  for (const term of query.terms) conditions.push(sql`instr(${table.searchText}, ${term}) > 0`);
  return conditions;
}

/** Records strictly beyond `cursor` in its direction. */
function beyond(table: InboxTable, cursor: ListCursor, searching: boolean): SQL {
  // Same reason as above: while searching, the time must not pick the index either.
  const time = searching ? sql`+${table.submittedAt}` : sql`${table.submittedAt}`;
  const { submittedAt: at, id } = cursor;
  return cursor.direction === "older"
    ? sql`${time} <= ${at} and (${time} < ${at} or ${table.id} < ${id})`
    : sql`${time} >= ${at} and (${time} > ${at} or ${table.id} > ${id})`;
}

/** A page's condition and order: the filters, beyond the cursor, newest first (or oldest, going newer). */
function pageShape(kind: InboxKind, query: InboxListQuery, cursor: ListCursor | null) {
  const table = inboxTables[kind];
  const searching = query.terms.length > 0;
  const conditions = filterConditions(table, query);
  if (cursor) conditions.push(beyond(table, cursor, searching));
  const order = cursor?.direction === "newer" ? asc : desc;
  const time = searching ? sql`+${table.submittedAt}` : table.submittedAt;
  return { table, where: and(...conditions), orderBy: [order(time), order(table.id)] };
}

/** A page of a list, each record with its card's flags. */
function pageQuery(db: Database, kind: InboxKind, query: InboxListQuery, cursor: ListCursor | null, take: number) {
  const { table, where, orderBy } = pageShape(kind, query, cursor);
  return db
    .select(listColumns(kind))
    .from(table)
    .where(where)
    .orderBy(...orderBy)
    .limit(take);
}

/**
 * A raw row (column values as D1 returns them, under the columns' keys) as drizzle's own select
 * would map it: each value through its column's mapping, so the record's types follow the schema.
 */
function recordFromRaw<Table extends InboxTable>(
  _table: Table,
  columns: [string, AnySQLiteColumn | SQL][],
  row: Record<string, unknown>,
): RowOf<Table> {
  // A ledger field is a subquery: its value decodes as the ledger's column does (a list's flags are
  // read by the caller).
  const decode = (key: string, field: AnySQLiteColumn | SQL, value: unknown): unknown => {
    if (!is(field, SQL)) return field.mapFromDriverValue(value);
    return key in ledgerColumns ? ledgerColumns[key as keyof typeof ledgerColumns].mapFromDriverValue(value) : value;
  };
  const record = Object.fromEntries(
    columns.map(([key, field]) => [key, row[key] === null ? null : decode(key, field, row[key])]),
  );
  // Untyped data parsed: every key and value comes from the table's own columns above.
  return record as RowOf<Table>;
}

type SearchPage = { rows: ListedRecord[]; total: number };

/**
 * A page of a search and how many records match it, from one pass over the table: the matches'
 * keys are collected once (a materialized CTE), counted, and the page's rows fetched by rowid.
 * Half the time of a page query plus a count query, which read the whole table twice
 * (docs/decisions/021-inbox-search.md). Raw SQL, so it joins a batch through `batchableAll`.
 */
function searchPageWithTotal(
  db: Database,
  kind: InboxKind,
  query: InboxListQuery,
  cursor: ListCursor | null,
  take: number,
): { statement: SQLiteRaw<Record<string, unknown>[]>; read: (raw: Record<string, unknown>[]) => SearchPage } {
  const table = inboxTables[kind];
  const columns: [string, AnySQLiteColumn | SQL][] = Object.entries(listColumns(kind));
  const select = sql.join(
    columns.map(([key, field]) =>
      is(field, SQL)
        ? sql`${field} as ${sql.identifier(key)}`
        : sql`${table}.${sql.identifier(field.name)} as ${sql.identifier(key)}`,
    ),
    sql`, `,
  );
  const order = cursor?.direction === "newer" ? sql`asc` : sql`desc`;
  const page = cursor
    ? cursor.direction === "older"
      ? sql`where s < ${cursor.submittedAt} or (s = ${cursor.submittedAt} and id < ${cursor.id})`
      : sql`where s > ${cursor.submittedAt} or (s = ${cursor.submittedAt} and id > ${cursor.id})`
    : sql``;
  const statement = batchableAll<Record<string, unknown>>(
    db,
    sql`
    with matches as materialized (
      select ${table}.rowid as r, ${table.submittedAt} as s, ${table.id} as id from ${table}
      where ${and(...filterConditions(table, query))}
    )
    select counted.total as total, ${select}
    from (select count(*) as total from matches) as counted
    left join (select r, s, id from matches ${page} order by s ${order}, id ${order} limit ${take}) as chosen
    left join ${table} on ${table}.rowid = chosen.r
    order by chosen.s ${order}, chosen.id ${order}`,
  );
  const read = (raw: Record<string, unknown>[]): SearchPage => ({
    total: Number(raw[0]?.total ?? 0),
    // Without a page (a cursor past the end), the one row carries the total and nothing else.
    rows: raw
      .filter((row) => typeof row.id === "string")
      .map((row): ListedRecord => ({
        ...toRecord(recordFromRaw(table, columns, row)),
        returning: Boolean(row.returning),
        emailFailing: Boolean(row.emailFailing),
      })),
  });
  return { statement, read };
}

export type RecordPage = {
  records: ListedRecord[];
  /** How many records the filter and search match, over every page. */
  total: number;
  /** The cursor of the next page towards older records, or null on the last page. */
  older: string | null;
  /** The cursor of the page before this one (towards newer records), or null on the first page. */
  newer: string | null;
};

const cursorAt = (record: ListedRecord, direction: ListCursor["direction"]): string =>
  encodeCursor({ direction, submittedAt: record.submittedAt.getTime(), id: record.id });

function toPage(rows: ListedRecord[], query: InboxListQuery, total: number): RecordPage {
  const newer = query.cursor?.direction === "newer";
  const more = rows.length > query.limit;
  const records = rows.slice(0, query.limit);
  if (newer) records.reverse();
  const first = records[0];
  const last = records.at(-1);
  return {
    records,
    total,
    // Going older, a page after a cursor has newer records before it; going newer, the reverse.
    older: last && (newer || more) ? cursorAt(last, "older") : null,
    newer: first && (newer ? more : query.cursor !== null) ? cursorAt(first, "newer") : null,
  };
}

/** Without a search, the status counts say how many records a filter matches. */
const totalFor = (counts: StatusCounts, query: InboxListQuery) =>
  query.statuses.reduce((sum, status) => sum + counts[status], 0);

/** One page of a list and its total, for the JSON API. */
export async function listRecords(env: AppEnv, kind: InboxKind, query: InboxListQuery): Promise<RecordPage> {
  const db = getDb(env);
  const table = inboxTables[kind];
  const take = query.limit + 1;
  if (needsCount(query)) {
    const search = searchPageWithTotal(db, kind, query, query.cursor, take);
    const { rows, total } = search.read(await search.statement);
    return pageOrFirstPage(db, kind, query, rows, total);
  }
  const [rows, counts] = await db.batch([pageQuery(db, kind, query, query.cursor, take), statusCountsQuery(db, table)]);
  return pageOrFirstPage(db, kind, query, rows.map(toRecord), totalFor(toStatusCounts(counts), query));
}

export type InboxView = { page: RecordPage; counts: Record<InboxKind, StatusCounts & { replied: number }> };

/** What /incoming shows: a page of the open tab and both kinds' counts. */
export async function loadInboxView(env: AppEnv, kind: InboxKind, query: InboxListQuery): Promise<InboxView> {
  const db = getDb(env);
  const take = query.limit + 1;
  const countsOf = ([contact, request]: readonly CountsRow[][]) => ({
    contact: { ...toStatusCounts(contact ?? []), replied: repliedCountOf(contact ?? []) },
    serviceRequest: { ...toStatusCounts(request ?? []), replied: repliedCountOf(request ?? []) },
  });
  const bothCounts = [
    statusCountsQuery(db, inboxTables.contact),
    statusCountsQuery(db, inboxTables.serviceRequest),
  ] as const;
  if (needsCount(query)) {
    // One round trip for the counts and the search.
    const search = searchPageWithTotal(db, kind, query, query.cursor, take);
    const [contact, request, raw] = await db.batch([...bothCounts, search.statement]);
    const { rows, total } = search.read(raw);
    return { page: await pageOrFirstPage(db, kind, query, rows, total), counts: countsOf([contact, request]) };
  }
  // Without a search, one round trip.
  const [contact, request, rows] = await db.batch([...bothCounts, pageQuery(db, kind, query, query.cursor, take)]);
  const counts = countsOf([contact, request]);
  return { page: await pageOrFirstPage(db, kind, query, rows.map(toRecord), totalFor(counts[kind], query)), counts };
}

/**
 * The page for `rows` (read with one more than a page, to know whether more exist). A "newer" page
 * that reaches the top of the list becomes the first page: a short page is never shown while
 * more records exist.
 */
async function pageOrFirstPage(
  db: Database,
  kind: InboxKind,
  query: InboxListQuery,
  rows: ListedRecord[],
  total: number,
): Promise<RecordPage> {
  if (query.cursor?.direction !== "newer" || rows.length > query.limit) return toPage(rows, query, total);
  const firstPage = { ...query, cursor: null };
  const firstRows = await pageQuery(db, kind, firstPage, null, query.limit + 1);
  return toPage(firstRows.map(toRecord), firstPage, total);
}

/** Records a CSV export reads per query: 500 made 200 round trips for 100,000 rows (1.59 s; 2,000: 1.38 s). */
export const CSV_PAGE_SIZE = 2_000;

/**
 * Every record the query matches, newest first, a page of `pageSize` at a time (the CSV export):
 * never more than one page in memory, whatever the list's length. The record's own columns only:
 * the email ledger's three subqueries per row made an export of 100,000 rows take 2.2 s, not 1.5.
 */
export async function* recordsInPages(
  env: AppEnv,
  kind: InboxKind,
  query: InboxListQuery,
  pageSize = CSV_PAGE_SIZE,
): AsyncGenerator<OwnRecord[]> {
  const db = getDb(env);
  let cursor: ListCursor | null = query.cursor?.direction === "older" ? query.cursor : null;
  for (;;) {
    const { table, where, orderBy } = pageShape(kind, query, cursor);
    const page = db
      .select(ownColumns(kind))
      .from(table)
      .where(where)
      .orderBy(...orderBy)
      .limit(pageSize);
    const rows: OwnRecord[] = await page;
    if (rows.length > 0) yield rows;
    const last = rows.at(-1);
    if (!last || rows.length < pageSize) return;
    cursor = { direction: "older", submittedAt: last.submittedAt.getTime(), id: last.id };
  }
}
