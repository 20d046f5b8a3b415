import type { Route } from "./+types/team-invitation";
import { getEnv } from "~/server/http/context.server";
import { onlyMethods } from "~/server/http/responses.server";
import { invitationRevokeResponse } from "~/server/team/team-api.server";
import { teamActorOf } from "~/server/team/team.server";

// DELETE only: anything else gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["DELETE"])];

// DELETE /api/team/invitations/<id>: the link stops working.
export function action({ request, context, params }: Route.ActionArgs) {
  return invitationRevokeResponse(getEnv(context), teamActorOf(request, context), params.id);
}
