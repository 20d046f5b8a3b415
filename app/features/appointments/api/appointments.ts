import type { Route } from "./+types/appointments";
import type { RouteHandle } from "~/route-handle";
import { listAppointmentsResponse } from "../server/calendar.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/appointments?from=YYYY-MM-DD&to=YYYY-MM-DD (staff; at most 62 days): the shop's appointments.
export const loader = ({ request, context }: Route.LoaderArgs) => listAppointmentsResponse(request, context);
