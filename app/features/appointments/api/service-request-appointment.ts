import type { Route } from "./+types/service-request-appointment";
import type { RouteHandle } from "~/route-handle";
import { postAppointment } from "../server/appointments-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/service-requests/<id>/appointment (staff): books the request a drop-off or a waiter slot.
export const action = (args: Route.ActionArgs) => postAppointment(args, args.params.id);
