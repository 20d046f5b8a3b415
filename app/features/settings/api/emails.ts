import type { Route } from "./+types/emails";
import type { RouteHandle } from "~/route-handle";
import { mailSettingsResponse, putMailSettings } from "~/features/settings/server/mail-settings-endpoints.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/settings/emails (owners): GET the shop's mail settings, PUT new ones.
export const loader = (args: Route.LoaderArgs) => mailSettingsResponse(args);

export const action = (args: Route.ActionArgs) => putMailSettings(args);
