import type { Route } from "./+types/text-versions";
import type { RouteHandle } from "~/route-handle";
import { textVersionsResponse } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// /api/settings/texts/versions (owners): every saved state of the shop's texts, newest first.
export const loader = (args: Route.LoaderArgs) => textVersionsResponse(args);
