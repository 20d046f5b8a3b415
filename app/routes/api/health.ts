import { sql } from "drizzle-orm";
import type { Route } from "./+types/health";
import { getDb } from "~/db/db.server";
import { getEnv } from "~/server/context.server";

// For uptime checks and test harnesses: answers 200 only when D1 answers a query.
export async function loader({ context }: Route.LoaderArgs) {
  try {
    await getDb(getEnv(context)).run(sql`select 1`);
    return Response.json({ status: "ok" }, { headers: { "Cache-Control": "no-store" } });
  } catch (error) {
    console.error("Health check: D1 query failed", error);
    return Response.json({ status: "unavailable" }, { status: 503, headers: { "Cache-Control": "no-store" } });
  }
}
