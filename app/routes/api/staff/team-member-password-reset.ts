import type { Route } from "./+types/team-member-password-reset";
import { getEnv } from "~/server/http/context.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { passwordResetResponse } from "~/server/team/team-api.server";
import { teamActorOf } from "~/server/team/team.server";

export const loader = () => methodNotAllowed();

// POST /api/team/<username>/password-reset {} → 201 { url, expiresAt }: a single-use link, 30 minutes.
export function action({ request, context, params }: Route.ActionArgs) {
  return passwordResetResponse(request, getEnv(context), teamActorOf(request, context), params.username);
}
