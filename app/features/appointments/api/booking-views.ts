import type { Route } from "./+types/booking-views";
import type { RouteHandle } from "~/route-handle";
import { handleBookingBeacon } from "../server/online/booking-funnel.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/booking-views (anyone): /book's beacon, shown or started (docs/decisions/066-booking-page-counts.md).
export const action = ({ request, context }: Route.ActionArgs) => handleBookingBeacon(request, context);
