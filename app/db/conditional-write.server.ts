import { type Column, getTableColumns, is, Param, SQL, sql } from "drizzle-orm";
import type { SQLiteInsertValue, SQLiteTable } from "drizzle-orm/sqlite-core";
import type { Database } from "./db.server";

// The one way to write a row only when a condition holds where the statement stands in its batch
// (the record still there, a place still free, the change above it made): `INSERT … SELECT <the
// row's values> WHERE <condition>` (docs/decisions/070-typed-conditional-writes.md). The row is the
// table's own insert type, as `db.insert(table).values(row)` takes it, so a new NOT NULL column
// without a default fails the typecheck at every write that leaves it out, and each value is
// stored as drizzle stores it (a Date as its milliseconds, a boolean as 0/1, JSON as text). A value
// may be an SQL expression where it comes from another row (an appointment's sequence). A
// conditional update needs nothing of its own: drizzle's `db.update(table).set(…).where(…)` is
// typed already. test/architecture/conditional-writes.test.ts fails on an INSERT … SELECT written
// anywhere else.

/** One insertable column's value as drizzle's own `values()` would write it, defaults included. */
function valueOf(column: Column, value: unknown): SQL | Param {
  if (value !== undefined) return is(value, SQL) ? value : new Param(value, column);
  if (column.default !== null && column.default !== undefined) {
    return is(column.default, SQL) ? column.default : new Param(column.default, column);
  }
  const make = column.defaultFn ?? column.onUpdateFn;
  if (!make) return sql`null`;
  const made = make();
  return is(made, SQL) ? made : new Param(made, column);
}

/** The row's values in the table's column order, as drizzle lists the columns after `insert into`. */
function selectedValues<TTable extends SQLiteTable>(table: TTable, row: SQLiteInsertValue<TTable>): SQL {
  const given = row as Record<string, unknown>;
  // Every insertable column (drizzle's internal shouldDisableInsert: all but the generated ones).
  const values = Object.entries(getTableColumns(table))
    .filter(([, column]) => column.generated === undefined || column.generated.type === "byDefault")
    .map(([key, column]) => valueOf(column, given[key]));
  return sql.join(values, sql`, `);
}

/**
 * `row` inserted into `table` only when `condition` holds (undefined, as drizzle's `where` takes
 * it: always). A drizzle insert, so it goes into `db.batch` and takes `.returning()` and
 * `.onConflictDoNothing()`; an AUDIT_IF_CHANGED-style condition sees the statement before it.
 */
export function insertIf<TTable extends SQLiteTable>(
  db: Database,
  table: TTable,
  row: SQLiteInsertValue<TTable>,
  condition: SQL | undefined,
) {
  // An upsert's `on conflict` after a SELECT needs its WHERE (SQLite's parsing): there always is one.
  return db.insert(table).select(sql`select ${selectedValues(table, row)} where ${condition ?? sql`1 = 1`}`);
}

/**
 * One row into `table` for each row of `source` where `where` holds: the same typed row, whose
 * values may name `source`'s columns (sql`${appointments.sequence}`). For a copy (a version kept
 * of the row just changed) or a row per match (tomorrow's reminders).
 */
export function insertForEach<TTable extends SQLiteTable>(
  db: Database,
  table: TTable,
  source: SQLiteTable,
  row: SQLiteInsertValue<TTable>,
  where: SQL | undefined,
) {
  return db.insert(table).select(sql`select ${selectedValues(table, row)} from ${source} where ${where ?? sql`1 = 1`}`);
}
