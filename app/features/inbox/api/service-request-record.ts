import type { Route } from "./+types/service-request-record";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/http/staff-member.server";
import { getEnv } from "~/http/context.server";
import { recordActionResponse } from "~/features/inbox/server/inbox-api.server";
import { serviceRequestWithAppointment } from "~/features/appointments/appointments.server";

// GET, HEAD, PATCH and DELETE; anything else gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD", "PATCH", "DELETE"] };

// /api/service-requests/<id>: GET with its history and its appointment, PATCH {"status"}, DELETE for good.
export function loader({ context, params }: Route.LoaderArgs) {
  return serviceRequestWithAppointment(getEnv(context), params.id);
}

export function action({ request, context, params }: Route.ActionArgs) {
  return recordActionResponse(request, getEnv(context), actingMember(request, context), "serviceRequest", params.id);
}
