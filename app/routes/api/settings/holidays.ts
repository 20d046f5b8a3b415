import type { Route } from "./+types/holidays";
import { onlyMethods } from "~/server/http/responses.server";
import { putHolidays } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["PUT"])];

// PUT /api/settings/holidays: which federal holidays the shop closes for (owners).
export function action(args: Route.ActionArgs) {
  return putHolidays(args);
}
