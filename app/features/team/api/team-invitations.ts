import type { Route } from "./+types/team-invitations";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { invitationCreateResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/invitations { role, email? } → 201 { id, url, expiresAt }.
export function action({ request, context }: Route.ActionArgs) {
  return invitationCreateResponse(request, getEnv(context), actingMember(request, context));
}
