import { redirect } from "react-router";
import type { Route } from "./+types/response-record";
import { actingMember } from "~/http/staff-member.server";
import { handleInsightsForm } from "~/features/insights/server/insights-page.server";

// /incoming/insights/response-record: the owners' switch on the insights page posts here, inside
// the owners' group (app/routes.ts), so its change passes the owners' gate and the fresh check as
// every owners' change does; the insights page itself, which every member reads, takes no change.
// A visit (GET) goes to the switch on the insights page.
export const loader = ({ request }: Route.LoaderArgs) =>
  redirect(`/incoming/insights${new URL(request.url).search}#on-the-website`);

export const action = ({ request, context }: Route.ActionArgs) =>
  handleInsightsForm(request, context, actingMember(request, context));
