import type { Route } from "./+types/team-invitation";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { invitationRevokeResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";

// DELETE only: anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/team/invitations/<id>: the link stops working.
export function action({ request, context, params }: Route.ActionArgs) {
  return invitationRevokeResponse(getEnv(context), actingMember(request, context), params.id);
}
