import type { Route } from "./+types/closures";
import { onlyMethods } from "~/server/http/responses.server";
import { postClosure } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["POST"])];

// POST /api/settings/closures: a day the shop is closed, with the reason visitors read (owners).
export function action(args: Route.ActionArgs) {
  return postClosure(args);
}
