import { drizzle } from "drizzle-orm/d1";
import * as audit from "~/db/schema/audit";
import * as desk from "~/db/schema/desk";
import * as inbox from "~/db/schema/inbox";
import * as notifications from "~/db/schema/notifications";
import * as secondFactor from "~/db/schema/second-factor";
import * as settings from "~/db/schema/settings";
import * as staff from "~/db/schema/staff";
import type { AppEnv } from "~/http/env.server";

// Every table, one file per feature (app/db/schema/); drizzle-kit reads the same folder.
const schema = { ...staff, ...inbox, ...notifications, ...desk, ...audit, ...settings, ...secondFactor };

export type Database = ReturnType<typeof drizzle<typeof schema>>;

export function getDb(env: Pick<AppEnv, "DB">): Database {
  return drizzle(env.DB, { schema });
}
