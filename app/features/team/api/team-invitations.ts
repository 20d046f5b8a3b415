import type { Route } from "./+types/team-invitations";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { invitationCreateResponse } from "~/features/team/server/team-api.server";
import { actingMember } from "~/http/staff-member.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/team/invitations { role, email? } → 201 { id, url, expiresAt }.
export async function action({ request, context }: Route.ActionArgs) {
  // Changing the team asks again past 2 hours (docs/decisions/035-second-factor.md).
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? invitationCreateResponse(request, getEnv(context), actingMember(request, context));
}
