import type { Route } from "./+types/notice";
import type { RouteHandle } from "~/route-handle";
import { writeNotice } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["PUT", "DELETE"] };

// PUT /api/settings/notice sets the site's notice, DELETE removes it (owners).
export function action(args: Route.ActionArgs) {
  return writeNotice(args);
}
