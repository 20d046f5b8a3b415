import type { Route } from "./+types/closure";
import { onlyMethods } from "~/server/http/responses.server";
import { deleteByDate } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["DELETE"])];

// DELETE /api/settings/closures/<date>: an upcoming closure day removed (owners).
export function action(args: Route.ActionArgs) {
  return deleteByDate(args, "closure.remove", args.params.date);
}
