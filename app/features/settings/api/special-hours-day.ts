import type { Route } from "./+types/special-hours-day";
import type { RouteHandle } from "~/route-handle";
import { deleteByDate } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/settings/special-hours/<date>: the date keeps its weekly hours again (owners).
export function action(args: Route.ActionArgs) {
  return deleteByDate(args, "special-hours.remove", args.params.date);
}
