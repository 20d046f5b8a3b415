import type { Route } from "./+types/special-hours-day";
import { onlyMethods } from "~/server/http/responses.server";
import { deleteByDate } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["DELETE"])];

// DELETE /api/settings/special-hours/<date>: the date keeps its weekly hours again (owners).
export function action(args: Route.ActionArgs) {
  return deleteByDate(args, "special-hours.remove", args.params.date);
}
