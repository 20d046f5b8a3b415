import type { Route } from "./+types/notice";
import { onlyMethods } from "~/server/http/responses.server";
import { writeNotice } from "~/server/settings/settings-api.server";

export const middleware: Route.MiddlewareFunction[] = [onlyMethods(["PUT", "DELETE"])];

// PUT /api/settings/notice sets the site's notice, DELETE removes it (owners).
export function action(args: Route.ActionArgs) {
  return writeNotice(args);
}
