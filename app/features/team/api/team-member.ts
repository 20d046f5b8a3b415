import type { Route } from "./+types/team-member";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { memberActionResponse } from "~/features/team/server/team-api.server";
import { MEMBER_METHODS } from "~/features/team/schemas";
import { actingMember } from "~/http/staff-member.server";

// PATCH and DELETE; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: MEMBER_METHODS };

// /api/team/<username>: PATCH { role?, disabled? }, DELETE removes the account.
export function action({ request, context, params }: Route.ActionArgs) {
  return memberActionResponse(request, getEnv(context), actingMember(request, context), params.username);
}
