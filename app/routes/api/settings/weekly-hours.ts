import type { Route } from "./+types/weekly-hours";
import { onlyMethods } from "~/server/http/responses.server";
import { putWeeklyHours } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["PUT"])];

// PUT /api/settings/weekly-hours: the hours of each day of the week (owners).
export function action(args: Route.ActionArgs) {
  return putWeeklyHours(args);
}
