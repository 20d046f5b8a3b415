import type { Route } from "./+types/contact-submission-activity";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { activityResponse } from "~/features/desk/server/desk-api.server";
import { getEnv } from "~/http/context.server";

// POST only; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// /api/contact-submissions/<id>/activity: log a call, a note or an email on the record.
export function action({ request, context, params }: Route.ActionArgs) {
  return activityResponse(request, getEnv(context), actingMember(request, context), "contact", params.id);
}
