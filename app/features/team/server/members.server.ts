import { and, eq, isNull } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type User, users } from "~/db/schema/staff";
import type { AppEnv } from "../../../http/env.server";

/** An account that has not been removed, by its username. */
export function findMember(env: Pick<AppEnv, "DB">, username: string): Promise<User | undefined> {
  return getDb(env).query.users.findFirst({ where: and(eq(users.username, username), isNull(users.removedAt)) });
}
