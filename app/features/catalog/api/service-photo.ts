import type { Route } from "./+types/service-photo";
import type { RouteHandle } from "~/route-handle";
import { deleteServicePhoto } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["DELETE"] };

// /api/settings/services/<slug>/photos/<id> (owners): DELETE takes the photo off the service (a new version).
export const action = (args: Route.ActionArgs) => deleteServicePhoto(args);
