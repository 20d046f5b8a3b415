import type { Route } from "./+types/team-member-password-reset";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { passwordResetResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/<username>/password-reset {} → 201 { url, expiresAt }: a single-use link, 30 minutes.
export async function action({ request, context, params }: Route.ActionArgs) {
  // Changing the team asks again past 2 hours (docs/decisions/035-second-factor.md).
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? passwordResetResponse(request, getEnv(context), actingMember(request, context), params.username);
}
