import type { Route } from "./+types/booking-options";
import type { RouteHandle } from "~/route-handle";
import { bookingOptionsResponse, putBookingOptions } from "../server/settings/booking-options-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/appointment-options (owners): GET the switches and the review link, PUT a change.
export const loader = (args: Route.LoaderArgs) => bookingOptionsResponse(args);

export const action = (args: Route.ActionArgs) => putBookingOptions(args);
