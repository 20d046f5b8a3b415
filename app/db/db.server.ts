import { drizzle } from "drizzle-orm/d1";
import type { AppEnv } from "~/server/http/env.server";
import * as schema from "./schema";

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export function getDb(env: Pick<AppEnv, "DB">): Database {
  return drizzle(env.DB, { schema });
}
