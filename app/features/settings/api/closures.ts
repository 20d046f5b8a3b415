import type { Route } from "./+types/closures";
import type { RouteHandle } from "~/route-handle";
import { postClosure } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/settings/closures: a day the shop is closed, with the reason visitors read (owners).
export function action(args: Route.ActionArgs) {
  return postClosure(args);
}
