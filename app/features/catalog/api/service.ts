import type { Route } from "./+types/service";
import type { RouteHandle } from "~/route-handle";
import { catalogServiceResponse, putCatalogService } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/services/<slug> (owners): GET one service, PUT it changed (a new version).
export const loader = (args: Route.LoaderArgs) => catalogServiceResponse(args);

export const action = (args: Route.ActionArgs) => putCatalogService(args);
