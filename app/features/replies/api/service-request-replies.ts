import type { Route } from "./+types/service-request-replies";
import type { RouteHandle } from "~/route-handle";
import { replyApiResponse } from "~/features/replies/server/reply-endpoints.server";
import { getEnv } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";

// POST only; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// /api/service-requests/<id>/replies: email the customer from the record (app/features/replies/).
export function action({ request, context, params }: Route.ActionArgs) {
  return replyApiResponse(request, getEnv(context), actingMember(request, context), "serviceRequest", params.id);
}
