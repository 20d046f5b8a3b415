import type { SQL } from "drizzle-orm";
import { drizzle, type DrizzleD1Database } from "drizzle-orm/d1";
import type { SQLiteRaw } from "drizzle-orm/sqlite-core/query-builders/raw";
import * as audit from "~/db/schema/audit";
import * as desk from "~/db/schema/desk";
import * as inbox from "~/db/schema/inbox";
import * as notifications from "~/db/schema/notifications";
import * as replies from "~/db/schema/replies";
import * as secondFactor from "~/db/schema/second-factor";
import * as settings from "~/db/schema/settings";
import * as staff from "~/db/schema/staff";
import type { AppEnv } from "~/http/env.server";
import type { D1Session } from "./session.server";

// Every table, one file per feature (app/db/schema/); drizzle-kit reads the same folder.
const schema = { ...staff, ...inbox, ...notifications, ...desk, ...audit, ...settings, ...secondFactor, ...replies };

/** Drizzle over the request's session: its `$client` is the session, not the binding. */
export type Database = DrizzleD1Database<typeof schema> & { $client: D1Session };

/**
 * Drizzle on the request's D1 session. drizzle 0.45's D1 driver asks only `prepare` and `batch` of
 * its client, which a session has, but types the client as the whole binding (`D1Database`, with
 * `withSession` and `exec`): the cast is that and nothing more (decision 068).
 */
export function getDb(env: Pick<AppEnv, "DB">): Database {
  return drizzle(env.DB as D1Database, { schema });
}

/**
 * Raw SQL (`db.all(sql`…`)`) that can also be an item of `db.batch`. drizzle 0.45's D1 batch binds
 * a query's parameters to its prepared `stmt`, which a raw query does not have: with parameters it
 * throws. Giving it one lets a raw statement share its batch's round trip (the inbox's search and
 * its counts: one request to D1 instead of two). `test/inbox/inbox-pagination.test.ts` and the
 * search tests run it in and out of a batch.
 */
export function batchableAll<Row>(db: Database, query: SQL): SQLiteRaw<Row[]> {
  const raw = db.all<Row>(query);
  // Prepared only when a batch asks for it: run alone, the raw query prepares its own.
  return Object.defineProperty(raw, "stmt", { get: () => db.$client.prepare(raw.getQuery().sql) });
}
