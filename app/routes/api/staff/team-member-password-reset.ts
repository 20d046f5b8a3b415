import type { Route } from "./+types/team-member-password-reset";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/server/http/context.server";
import { passwordResetResponse } from "~/server/team/team-api.server";
import { teamActorOf } from "~/server/team/team.server";

// POST only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/<username>/password-reset {} → 201 { url, expiresAt }: a single-use link, 30 minutes.
export function action({ request, context, params }: Route.ActionArgs) {
  return passwordResetResponse(request, getEnv(context), teamActorOf(request, context), params.username);
}
