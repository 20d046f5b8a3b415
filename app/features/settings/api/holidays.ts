import type { Route } from "./+types/holidays";
import type { RouteHandle } from "~/route-handle";
import { putHolidays } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["PUT"] };

// PUT /api/settings/holidays: which federal holidays the shop closes for (owners).
export function action(args: Route.ActionArgs) {
  return putHolidays(args);
}
