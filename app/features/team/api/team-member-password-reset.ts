import type { Route } from "./+types/team-member-password-reset";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { passwordResetResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/<username>/password-reset {} → 201 { url, expiresAt }: a single-use link, 30 minutes.
export function action({ request, context, params }: Route.ActionArgs) {
  return passwordResetResponse(request, getEnv(context), actingMember(request, context), params.username);
}
