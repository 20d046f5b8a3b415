import { sql } from "drizzle-orm";
import type { RouteHandle } from "~/route-handle";
import type { Route } from "./+types/health";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/http/context.server";
import { jsonResponse } from "~/http/responses.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// For uptime checks and test harnesses: answers 200 only when D1 answers a query.
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await getDb(getEnv(context)).run(sql`select 1`);
    return jsonResponse({ status: "ok" });
  } catch (error) {
    console.error("Health check: D1 query failed", error);
    return jsonResponse({ status: "unavailable" }, 503);
  }
}
