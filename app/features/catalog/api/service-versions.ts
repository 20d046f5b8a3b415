import type { Route } from "./+types/service-versions";
import type { RouteHandle } from "~/route-handle";
import { versionsResponse } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// /api/settings/services/<slug>/versions (owners): every saved state, newest first.
export const loader = (args: Route.LoaderArgs) => versionsResponse(args);
