import type { Route } from "./+types/photo";
import type { RouteHandle } from "~/route-handle";
import { photoResponse } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// /photos/<id>: a service's photo, as the public pages show it (docs/decisions/063-service-photos-in-r2.md).
export const loader = (args: Route.LoaderArgs) => photoResponse(args);
