import type { Route } from "./+types/team-invitation";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { invitationRevokeResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// DELETE only: anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/team/invitations/<id>: the link stops working.
export async function action({ request, context, params }: Route.ActionArgs) {
  // Changing the team asks again past 2 hours (docs/decisions/035-second-factor.md).
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? invitationRevokeResponse(getEnv(context), actingMember(request, context), params.id);
}
