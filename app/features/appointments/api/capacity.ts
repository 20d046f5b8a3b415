import type { Route } from "./+types/capacity";
import type { RouteHandle } from "~/route-handle";
import { capacityResponse, putCapacity } from "../server/appointments-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/capacity (owners): GET what is set, PUT the drop-offs a day and the waiter slots.
export const loader = (args: Route.LoaderArgs) => capacityResponse(args);

export const action = (args: Route.ActionArgs) => putCapacity(args);
