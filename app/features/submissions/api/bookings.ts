import type { Route } from "./+types/bookings";
import type { RouteHandle } from "~/route-handle";
import { handleOnlineBookingApi } from "../server/online-booking-api.server";

// POST only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/bookings: a visitor books a place online (docs/decisions/064).
export function action({ request, context }: Route.ActionArgs) {
  return handleOnlineBookingApi(request, context);
}
