import type { Route } from "./+types/weekly-hours";
import type { RouteHandle } from "~/route-handle";
import { putWeeklyHours } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["PUT"] };

// PUT /api/settings/weekly-hours: the hours of each day of the week (owners).
export function action(args: Route.ActionArgs) {
  return putWeeklyHours(args);
}
