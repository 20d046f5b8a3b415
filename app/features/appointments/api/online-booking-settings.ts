import type { Route } from "./+types/online-booking-settings";
import type { RouteHandle } from "~/route-handle";
import { onlineBookingResponse, putOnlineBooking } from "../server/online/online-settings-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/online-booking (owners): GET the rules for online booking, PUT them whole.
export const loader = (args: Route.LoaderArgs) => onlineBookingResponse(args);

export const action = (args: Route.ActionArgs) => putOnlineBooking(args);
