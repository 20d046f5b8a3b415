import { sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import type { SubmissionStatus } from "~/records/statuses";
import type { InboxTable } from "../inbox.server";

// How many records each status has: the count cards, the filters' totals.

export type StatusCounts = Record<SubmissionStatus, number>;

/**
 * How many records each status has. Counting `closed`, the status nearly every record ends in, by
 * its range of the status index costs 13 ms at 100,000 rows; counting every row (SQLite walks its
 * smallest index and counts entries without decoding them) and the three small statuses, then
 * subtracting, costs 1-3 ms.
 * `limit 1` over the table gives the one row; an empty table gives none, which is all zeros.
 */
export function statusCountsQuery(db: Database, table: InboxTable) {
  // Named: D1 hands a batch's rows over as objects, so columns with the same text would collide.
  const countOf = (status: SubmissionStatus) =>
    sql<number>`(select count(*) from ${table} where ${table.status} = ${status})`.as(`count_${status}`);
  return db
    .select({
      all: sql<number>`(select count(*) from ${table})`.as("count_all"),
      new: countOf("new"),
      contacted: countOf("contacted"),
      spam: countOf("spam"),
    })
    .from(table)
    .limit(1);
}

export type CountsRow = { all: number; new: number; contacted: number; spam: number };

export function toStatusCounts([row]: readonly CountsRow[]): StatusCounts {
  if (!row) return { new: 0, contacted: 0, closed: 0, spam: 0 };
  return {
    new: row.new,
    contacted: row.contacted,
    spam: row.spam,
    closed: row.all - row.new - row.contacted - row.spam,
  };
}

/** The count cards' total: every record but spam. */
export const totalOf = (counts: StatusCounts) => counts.new + counts.contacted + counts.closed;
