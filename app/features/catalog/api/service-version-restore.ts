import type { Route } from "./+types/service-version-restore";
import type { RouteHandle } from "~/route-handle";
import { restoreCatalogVersion } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/settings/services/<slug>/versions/<version>/restore {} (owners): that version back, as a new one.
export const action = (args: Route.ActionArgs) => restoreCatalogVersion(args);
