import type { Route } from "./+types/special-hours";
import type { RouteHandle } from "~/route-handle";
import { postSpecialHours } from "~/features/settings/server/settings-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/settings/special-hours: other hours for one date (owners).
export function action(args: Route.ActionArgs) {
  return postSpecialHours(args);
}
