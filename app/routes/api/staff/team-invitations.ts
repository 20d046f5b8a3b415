import type { Route } from "./+types/team-invitations";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/server/http/context.server";
import { invitationCreateResponse } from "~/server/team/team-api.server";
import { teamActorOf } from "~/server/team/team.server";

// POST only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/invitations { role, email? } → 201 { id, url, expiresAt }.
export function action({ request, context }: Route.ActionArgs) {
  return invitationCreateResponse(request, getEnv(context), teamActorOf(request, context));
}
