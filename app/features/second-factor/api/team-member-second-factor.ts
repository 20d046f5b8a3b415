import type { Route } from "./+types/team-member-second-factor";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv, getRequestTime } from "~/http/context.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";
import { resetResponse } from "~/features/second-factor/server/team-second-factor.server";

export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/team/<username>/second-factor: an owner's reset (the member's app, codes and passkeys).
export async function action({ request, context, params }: Route.ActionArgs) {
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? resetResponse(getEnv(context), actingMember(request, context), params.username);
}
