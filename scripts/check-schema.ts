// `npm run db:check` (the first step of `npm test`): the three descriptions of the database agree.
// - app/db/schema/ (what the code reads and writes) and migrations/meta/'s newest snapshot:
//   drizzle-kit generates nothing from the schema against a copy of migrations/.
// - migrations/*.sql (what wrangler applies) and that snapshot: every SQL file applied in order to
//   an empty SQLite gives the snapshot's tables, columns, indexes and checks (their keys, uniqueness,
//   WHERE clauses and expressions compared as written, quotes, case and spaces aside).
// - migrations/meta/_journal.json lists every SQL file, in order, and the newest snapshot is the
//   newest migration's.
// Each failure names the fix. Why: a migration whose meta was forgotten made nothing fail before.
import { execFileSync } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";

type SnapshotColumn = { name: string; type: string; primaryKey: boolean; notNull: boolean };
type SnapshotIndex = { name: string; columns: string[]; isUnique: boolean; where?: string };
type SnapshotTable = {
  name: string;
  columns: Record<string, SnapshotColumn>;
  indexes: Record<string, SnapshotIndex>;
  checkConstraints?: Record<string, { name: string; value: string }>;
};
type Snapshot = { tables: Record<string, SnapshotTable> };

/**
 * An SQL expression as written by drizzle or by hand, compared by its meaning's spelling: identifiers
 * unquoted and without their table (`"users"."role"` and `role`), keywords in lower case, no spaces,
 * no parentheses around the whole. String literals stay exactly as written.
 */
function normalizeSql(sql: string): string {
  const parts = sql.split(/('(?:[^']|'')*')/);
  let text = parts
    .map((part, i) =>
      i % 2 === 1
        ? part
        : part
            .replace(/[`"]?\w+[`"]?\s*\.\s*(?=[`"]?\w)/g, "")
            .replace(/[`"]/g, "")
            .replace(/\s+/g, "")
            .toLowerCase(),
    )
    .join("");
  while (text.startsWith("(") && closingParen(text, 0) === text.length - 1) text = text.slice(1, -1);
  return text;
}

/** The index of the parenthesis that closes the one at `open`, string literals skipped; -1 if none. */
function closingParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const char = text[i];
    if (char === "'") {
      const end = text.indexOf("'", i + 1);
      i = end < 0 ? text.length : end; // '' inside a literal closes and reopens it: the same depth
    } else if (char === "(") depth++;
    else if (char === ")" && --depth === 0) return i;
  }
  return -1;
}

/** The named CHECK constraints in a CREATE TABLE statement: name to expression. */
function checksIn(createTable: string): Map<string, string> {
  const checks = new Map<string, string>();
  for (const match of createTable.matchAll(/CONSTRAINT\s+[`"]?(\w+)[`"]?\s+CHECK\s*\(/gi)) {
    const open = (match.index ?? 0) + match[0].length - 1;
    checks.set(match[1] ?? "", createTable.slice(open + 1, closingParen(createTable, open)));
  }
  return checks;
}

/** A CREATE INDEX statement's uniqueness, key and WHERE clause, normalised. */
function indexShape(createIndex: string): string {
  const on = /\bON\s+[`"]?\w+[`"]?\s*\(/i.exec(createIndex);
  if (!on) return createIndex;
  const open = on.index + on[0].length - 1;
  const close = closingParen(createIndex, open);
  const where = /^\s*WHERE\s+([\s\S]*?);?\s*$/i.exec(createIndex.slice(close + 1))?.[1];
  const unique = /^\s*CREATE\s+UNIQUE\b/i.test(createIndex);
  return shape(unique, createIndex.slice(open + 1, close).split(/,(?![^(]*\))/), where);
}

const shape = (unique: boolean, columns: string[], where: string | undefined) =>
  `${unique ? "unique " : ""}(${columns.map(normalizeSql).join(",")})${where ? ` where ${normalizeSql(where)}` : ""}`;

const root = path.join(import.meta.dirname, "..");
const migrationsDir = path.join(root, "migrations");
const problems: string[] = [];
const GENERATE_FIX =
  "run `npm run db:generate -- --name <what changed>` (replace its SQL by a hand-written ALTER if you prefer; keep its snapshot)";

const sqlFiles = readdirSync(migrationsDir)
  .filter((file) => file.endsWith(".sql"))
  .sort();
const journal = JSON.parse(readFileSync(path.join(migrationsDir, "meta/_journal.json"), "utf8")) as {
  entries: { idx: number; tag: string }[];
};
const tags = journal.entries.map((entry) => entry.tag);
const files = sqlFiles.map((file) => file.replace(/\.sql$/, ""));
if (tags.join() !== files.join()) {
  const missing = files.filter((file) => !tags.includes(file));
  const stale = tags.filter((tag) => !files.includes(tag));
  problems.push(
    `migrations/meta/_journal.json does not list the SQL files in order (not listed: ${missing.join(", ") || "none"}; ` +
      `listed without a file: ${stale.join(", ") || "none"}): ${GENERATE_FIX}, or add the entries by hand.`,
  );
}

const snapshots = readdirSync(path.join(migrationsDir, "meta"))
  .filter((file) => file.endsWith("_snapshot.json"))
  .sort();
const newestSnapshot = snapshots.at(-1);
const newestMigration = sqlFiles.at(-1);
if (newestSnapshot?.slice(0, 4) !== newestMigration?.slice(0, 4) || !newestSnapshot) {
  problems.push(
    `The newest snapshot (${newestSnapshot ?? "none"}) is not the newest migration's (${newestMigration ?? "none"}): ${GENERATE_FIX}.`,
  );
}

// The schema against the snapshot: drizzle-kit's own diff, on a copy so nothing is written here.
const scratch = mkdtempSync(path.join(root, ".schema-check-"));
try {
  cpSync(migrationsDir, path.join(scratch, "migrations"), { recursive: true });
  const config = path.join(scratch, "drizzle.config.ts");
  writeFileSync(
    config,
    `export default { dialect: "sqlite", schema: "./app/db/schema/*.ts", out: ${JSON.stringify(path.relative(root, path.join(scratch, "migrations")))} };\n`,
  );
  const output = execFileSync(path.join(root, "node_modules/.bin/drizzle-kit"), ["generate", "--config", config], {
    cwd: root,
    encoding: "utf8",
    stdio: ["ignore", "pipe", "pipe"],
  });
  if (!output.includes("No schema changes")) {
    problems.push(`app/db/schema/ differs from the newest snapshot in migrations/meta/: ${GENERATE_FIX}.`);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}

// The SQL against the snapshot.
if (newestSnapshot && existsSync(path.join(migrationsDir, "meta", newestSnapshot))) {
  const snapshot = JSON.parse(readFileSync(path.join(migrationsDir, "meta", newestSnapshot), "utf8")) as Snapshot;
  const db = new DatabaseSync(":memory:");
  for (const file of sqlFiles) {
    const sql = readFileSync(path.join(migrationsDir, file), "utf8").replaceAll("--> statement-breakpoint", "");
    try {
      db.exec(sql);
    } catch (error) {
      problems.push(`migrations/${file} does not apply to the migrations before it: ${(error as Error).message}`);
    }
  }
  const tables = db
    .prepare(
      "select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' and name not like '\\_cf\\_%' escape '\\' and name not like 'd1_%'",
    )
    .all() as { name: string; sql: string }[];
  const applied = new Map(tables.map((table) => [table.name, table.sql]));
  for (const table of Object.values(snapshot.tables)) {
    const sql = applied.get(table.name);
    if (sql === undefined) {
      problems.push(`Table ${table.name} is in the schema but no migration creates it: ${GENERATE_FIX}.`);
      continue;
    }
    const columns = db.prepare(`pragma table_xinfo("${table.name}")`).all() as {
      name: string;
      type: string;
      notnull: number;
      pk: number;
    }[];
    const byName = new Map(columns.map((column) => [column.name, column]));
    for (const column of Object.values(table.columns)) {
      const found = byName.get(column.name);
      if (!found) problems.push(`Column ${table.name}.${column.name} is in the schema but no migration adds it.`);
      else if (
        found.type.toLowerCase() !== column.type.toLowerCase() ||
        (found.notnull === 1 || found.pk > 0) !== column.notNull
      )
        problems.push(
          `Column ${table.name}.${column.name} differs between the migrations and the schema (type or NOT NULL).`,
        );
      byName.delete(column.name);
    }
    for (const extra of byName.keys())
      problems.push(`Column ${table.name}.${extra} is made by a migration but is not in the schema.`);
    const indexes = new Map(
      (
        db
          .prepare("select name, sql from sqlite_master where type = 'index' and tbl_name = ? and sql is not null")
          .all(table.name) as { name: string; sql: string }[]
      ).map((index) => [index.name, indexShape(index.sql)]),
    );
    for (const index of Object.values(table.indexes)) {
      const made = indexes.get(index.name);
      const wanted = shape(index.isUnique, index.columns, index.where);
      if (made === undefined) problems.push(`Index ${index.name} is in the schema but no migration creates it.`);
      else if (made !== wanted)
        problems.push(`Index ${index.name} differs: the migrations make ${made}, the schema says ${wanted}.`);
      indexes.delete(index.name);
    }
    for (const extra of indexes.keys())
      problems.push(`Index ${extra} on ${table.name} is made by a migration but is not in the schema.`);
    const checks = checksIn(sql);
    for (const check of Object.values(table.checkConstraints ?? {})) {
      const made = checks.get(check.name);
      if (made === undefined)
        problems.push(`Check ${check.name} on ${table.name} is in the schema but not in the migrations.`);
      else if (normalizeSql(made) !== normalizeSql(check.value))
        problems.push(`Check ${check.name} differs: the migrations say CHECK(${made}), the schema ${check.value}.`);
      checks.delete(check.name);
    }
    for (const extra of checks.keys())
      problems.push(`Check ${extra} on ${table.name} is made by a migration but is not in the schema.`);
    applied.delete(table.name);
  }
  for (const extra of applied.keys()) problems.push(`Table ${extra} is made by a migration but is not in the schema.`);
}

if (problems.length > 0) {
  console.error(`db:check: the schema, the migrations and migrations/meta disagree:\n- ${problems.join("\n- ")}`);
  process.exit(1);
}
console.log(`db:check: app/db/schema/, ${sqlFiles.length} migrations and migrations/meta agree.`);
