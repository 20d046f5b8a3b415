import type { Route } from "./+types/team-second-factor";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { requirementResponse } from "~/features/second-factor/server/team-second-factor.server";

export const handle: RouteHandle = { methods: ["PUT"] };

// PUT /api/team/second-factor { required }: "Require a second factor for everyone".
export function action({ request, context }: Route.ActionArgs) {
  return requirementResponse(request, getEnv(context), actingMember(request, context));
}
