import { redirect } from "react-router";
import type { Route } from "./+types/team-second-factor";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { NO_STORE } from "~/http/responses.server";
import { handleTeamSecondFactorAction } from "~/features/second-factor/server/team-second-factor.server";

// /incoming/team/second-factor (owners): where the team page's second-factor forms post; each
// answers with a redirect back to the team page and a toast.

export const handle: RouteHandle = { methods: ["GET", "HEAD", "POST"] };

export const loader = () => redirect("/incoming/team", { headers: NO_STORE });

export function action({ request, context }: Route.ActionArgs) {
  return handleTeamSecondFactorAction(request, getEnv(context), actingMember(request, context));
}
