import type { Route } from "./+types/team-invitations";
import { getEnv } from "~/server/http/context.server";
import { methodNotAllowed } from "~/server/http/responses.server";
import { invitationCreateResponse } from "~/server/team/team-api.server";
import { teamActorOf } from "~/server/team/team.server";

export const loader = () => methodNotAllowed();

// POST /api/team/invitations { role, email? } → 201 { id, url, expiresAt }.
export function action({ request, context }: Route.ActionArgs) {
  return invitationCreateResponse(request, getEnv(context), teamActorOf(request, context));
}
