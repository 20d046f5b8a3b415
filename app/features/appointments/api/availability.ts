import type { Route } from "./+types/availability";
import type { RouteHandle } from "~/route-handle";
import { availabilityResponse } from "../server/online/availability.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/availability?from=YYYY-MM-DD&to=YYYY-MM-DD (anyone; at most 62 days): the online openings.
export const loader = ({ request, context }: Route.LoaderArgs) => availabilityResponse(request, context);
