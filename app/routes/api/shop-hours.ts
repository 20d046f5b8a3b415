import type { Route } from "./+types/shop-hours";
import { onlyReads } from "~/server/http/responses.server";
import { shopHoursResponse } from "~/server/settings/shop-hours-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyReads];

// GET /api/shop-hours: the weekly hours, closures, special hours and notice as JSON, for anyone.
export function loader({ context }: Route.LoaderArgs) {
  return shopHoursResponse(context);
}
