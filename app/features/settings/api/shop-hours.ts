import type { Route } from "./+types/shop-hours";
import type { RouteHandle } from "~/route-handle";
import { shopHoursResponse } from "~/features/settings/server/shop-hours-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/shop-hours: the weekly hours, closures, special hours and notice as JSON, for anyone.
export function loader({ context }: Route.LoaderArgs) {
  return shopHoursResponse(context);
}
