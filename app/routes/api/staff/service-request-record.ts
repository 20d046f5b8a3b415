import type { Route } from "./+types/service-request-record";
import { actingMember } from "~/server/auth/gates.server";
import { getEnv } from "~/server/http/context.server";
import { RECORD_METHODS, recordActionResponse, recordResponse } from "~/server/inbox/inbox-api.server";
import { onlyMethods } from "~/server/http/responses.server";

// GET, HEAD, PATCH and DELETE; anything else (OPTIONS, PUT, POST) gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyMethods(RECORD_METHODS)];

// /api/service-requests/<id>: GET with its history, PATCH {"status"}, DELETE for good.
export function loader({ request, context, params }: Route.LoaderArgs) {
  return recordResponse(request, getEnv(context), "serviceRequest", params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return recordActionResponse(request, getEnv(context), actingMember(request, context), "serviceRequest", params.id);
}
