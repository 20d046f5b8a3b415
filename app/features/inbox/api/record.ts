import type { Route } from "./+types/record";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { inboxKindOfApiUrl } from "~/records/kinds";
import { recordActionResponse, recordResponse } from "~/features/inbox/server/inbox-api.server";

// GET, HEAD, PATCH and DELETE; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD", "PATCH", "DELETE"] };

// /api/<kind>/<id> (mounted for each kind): GET with its history, PATCH {"status"}, DELETE for good.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return recordResponse(request, getEnv(context), inboxKindOfApiUrl(request.url), params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  const kind = inboxKindOfApiUrl(request.url);
  return recordActionResponse(request, getEnv(context), actingMember(request, context), kind, params.id);
}
