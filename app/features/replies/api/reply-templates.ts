import type { Route } from "./+types/reply-templates";
import type { RouteHandle } from "~/route-handle";
import { postTemplate, templatesResponse } from "../server/template-endpoints.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "POST"] };

// /api/settings/reply-templates (owners): GET every template, POST a new one.
export const loader = (args: Route.LoaderArgs) => templatesResponse(args);

export const action = (args: Route.ActionArgs) => postTemplate(args);
