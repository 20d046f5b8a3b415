import type { Route } from "./+types/contact-submission-record";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { recordActionResponse, recordResponse } from "~/features/inbox/server/inbox-api.server";

// GET, HEAD, PATCH and DELETE; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD", "PATCH", "DELETE"] };

// /api/contact-submissions/<id>: GET with its history, PATCH {"status"}, DELETE for good.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return recordResponse(request, getEnv(context), "contact", params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return recordActionResponse(request, getEnv(context), actingMember(request, context), "contact", params.id);
}
