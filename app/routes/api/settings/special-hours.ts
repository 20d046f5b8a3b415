import type { Route } from "./+types/special-hours";
import { onlyMethods } from "~/server/http/responses.server";
import { postSpecialHours } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["POST"])];

// POST /api/settings/special-hours: other hours for one date (owners).
export function action(args: Route.ActionArgs) {
  return postSpecialHours(args);
}
