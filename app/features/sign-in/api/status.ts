import type { Route } from "./+types/status";
import type { RouteHandle } from "~/route-handle";
import { getStaffUser } from "~/features/sign-in/sign-in.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { jsonResponse } from "~/http/responses.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/auth/status: whether the request carries a valid staff session.
export async function loader({ request, context }: Route.LoaderArgs) {
  const user = await getStaffUser(request, getEnv(context), getRequestTime(context));
  return jsonResponse({ authenticated: user !== null });
}
