import type { Route } from "./+types/team-second-factor";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";
import { requirementResponse } from "~/features/second-factor/server/team-second-factor.server";

export const handle: RouteHandle = { methods: ["PUT"] };

// PUT /api/team/second-factor { required }: "Require a second factor for everyone".
export async function action({ request, context }: Route.ActionArgs) {
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? requirementResponse(request, getEnv(context), actingMember(request, context));
}
