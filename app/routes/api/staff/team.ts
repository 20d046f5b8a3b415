import type { Route } from "./+types/team";
import { getEnv, getRequestTime } from "~/server/http/context.server";
import { onlyReads } from "~/server/http/responses.server";
import { teamResponse } from "~/server/team/team-api.server";

// Read only: every other method gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyReads];

// GET /api/team: every account (not removed) and the pending invitations.
export function loader({ context }: Route.LoaderArgs) {
  return teamResponse(getEnv(context), getRequestTime(context));
}
