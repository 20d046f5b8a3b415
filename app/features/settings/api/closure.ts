import type { Route } from "./+types/closure";
import type { RouteHandle } from "~/route-handle";
import { deleteByDate } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["DELETE"] };

// DELETE /api/settings/closures/<date>: an upcoming closure day removed (owners).
export function action(args: Route.ActionArgs) {
  return deleteByDate(args, "closure.remove", args.params.date);
}
