import type { Route } from "./+types/team";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/server/http/context.server";
import { teamResponse } from "~/server/team/team-api.server";

// Read only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/team: every account (not removed) and the pending invitations.
export function loader({ context }: Route.LoaderArgs) {
  return teamResponse(getEnv(context), getRequestTime(context));
}
