import type { Route } from "./+types/status";
import type { RouteHandle } from "~/route-handle";
import { getStaffUser } from "~/server/auth/auth.server";
import { getEnv, getRequestTime } from "~/server/http/context.server";
import { jsonResponse } from "~/server/http/responses.server";

// Read only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/auth/status: whether the request carries a valid staff session.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getStaffUser(request, getEnv(context), getRequestTime(context));
  return jsonResponse({ authenticated: user !== null });
}
