import type { Route } from "./+types/texts";
import type { RouteHandle } from "~/route-handle";
import { putShopTexts, shopTextsResponse } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/texts (owners): GET the home page's headline and introduction and the about page's
// story, PUT them changed (a new version).
export const loader = (args: Route.LoaderArgs) => shopTextsResponse(args);

export const action = (args: Route.ActionArgs) => putShopTexts(args);
