import type { Route } from "./+types/team-member-second-factor";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { resetResponse } from "~/features/second-factor/server/team-second-factor.server";

export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/team/<username>/second-factor: an owner's reset (the member's app, codes and passkeys).
export function action({ request, context, params }: Route.ActionArgs) {
  return resetResponse(getEnv(context), actingMember(request, context), params.username);
}
