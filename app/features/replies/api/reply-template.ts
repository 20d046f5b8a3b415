import type { Route } from "./+types/reply-template";
import type { RouteHandle } from "~/route-handle";
import { templateResponse, writeTemplate } from "../server/template-endpoints.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT", "DELETE"] };

// /api/settings/reply-templates/<id> (owners): GET one template, PUT a new version, DELETE it.
export const loader = (args: Route.LoaderArgs) => templateResponse(args);

export const action = (args: Route.ActionArgs) => writeTemplate(args);
