import type { Route } from "./+types/team";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { teamResponse } from "~/features/team/server/team-api.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/team: every account (not removed) and the pending invitations.
export function loader({ context }: Route.LoaderArgs) {
  return teamResponse(getEnv(context), getRequestTime(context));
}
