import type { Route } from "./+types/estimate-settings";
import type { RouteHandle } from "~/route-handle";
import {
  estimateSettingsResponse,
  putEstimateSettings,
} from "~/features/estimates/server/settings/estimate-settings-endpoints.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/estimates (owners): GET the labour rate, the tax rule and the terms; PUT new ones.
export const loader = (args: Route.LoaderArgs) => estimateSettingsResponse(args);

export const action = (args: Route.ActionArgs) => putEstimateSettings(args);
