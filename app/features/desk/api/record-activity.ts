import type { Route } from "./+types/record-activity";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { activityResponse } from "~/features/desk/server/desk-api.server";
import { getEnv } from "~/http/context.server";
import { inboxKindOfApiUrl } from "~/records/kinds";

// POST only; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// /api/<kind>/<id>/activity (mounted for each kind): log a call, a note or an email on the record.
export function action({ request, context, params }: Route.ActionArgs) {
  const kind = inboxKindOfApiUrl(request.url);
  return activityResponse(request, getEnv(context), actingMember(request, context), kind, params.id);
}
