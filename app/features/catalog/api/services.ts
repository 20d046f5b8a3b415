import type { Route } from "./+types/services";
import type { RouteHandle } from "~/route-handle";
import { catalogResponse, postCatalogService } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "POST"] };

// /api/settings/services (owners): GET every service, POST a new one.
export const loader = (args: Route.LoaderArgs) => catalogResponse(args);

export const action = (args: Route.ActionArgs) => postCatalogService(args);
