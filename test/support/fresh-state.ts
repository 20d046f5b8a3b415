// What a test file starts from: what a fresh deploy has. The migrations applied to an empty D1, an
// empty KV, and a Worker whose page cache holds nothing. The files of one vitest worker share one
// runtime (`isolate: false` in vitest.config.ts, decision 056), so `startFresh` (test/setup.ts, before
// every file) removes what the previous file left.
import { applyD1Migrations, env } from "cloudflare:test";
import { deployForThisFile } from "./http";

/** The tables and views the migrations made (and the d1_migrations table), not SQLite's or D1's own. */
export async function schemaObjects(db: D1Database) {
  const { results } = await db
    .prepare(
      `select type, name from sqlite_master
       where type in ('table', 'view') and name not like 'sqlite_%' and name not like '_cf_%'`,
    )
    .all<{ type: "table" | "view"; name: string }>();
  return results;
}

async function emptyDatabase(db: D1Database) {
  const results = await schemaObjects(db);
  if (results.length === 0) return;
  const drops = [
    ...results.filter(({ type }) => type === "view").map(({ name }) => `drop view "${name}"`),
    ...results.filter(({ type }) => type === "table").map(({ name }) => `drop table "${name}"`),
  ];
  // One transaction: foreign keys are checked at its end, when no table is left to break them.
  await db.batch([db.prepare("PRAGMA defer_foreign_keys = on"), ...drops.map((sql) => db.prepare(sql))]);
}

async function emptyKv(kv: KVNamespace) {
  let cursor: string | undefined;
  do {
    const page = await kv.list(cursor ? { cursor } : {});
    await Promise.all(page.keys.map(({ name }) => kv.delete(name)));
    cursor = page.list_complete ? undefined : page.cursor;
  } while (cursor);
}

export async function startFresh() {
  await Promise.all([emptyDatabase(env.DB), emptyKv(env.SESSIONS)]);
  await applyD1Migrations(env.DB, env.TEST_MIGRATIONS);
  deployForThisFile();
}
