import type { Route } from "./+types/team-member";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { memberActionResponse } from "~/features/team/server/team-api.server";
import { MEMBER_METHODS } from "~/features/team/schemas";
import { actingMember } from "~/http/staff-member.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// PATCH and DELETE; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: MEMBER_METHODS };

// /api/team/<username>: PATCH { role?, disabled? }, DELETE removes the account.
export async function action({ request, context, params }: Route.ActionArgs) {
  // Changing the team asks again past 2 hours (docs/decisions/035-second-factor.md).
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? memberActionResponse(request, getEnv(context), actingMember(request, context), params.username);
}
