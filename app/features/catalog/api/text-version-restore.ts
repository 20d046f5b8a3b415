import type { Route } from "./+types/text-version-restore";
import type { RouteHandle } from "~/route-handle";
import { restoreShopTexts } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["POST"] };

// /api/settings/texts/versions/<version>/restore (owners): POST `{}` puts that version back, as a new one.
export const action = (args: Route.ActionArgs) => restoreShopTexts(args);
