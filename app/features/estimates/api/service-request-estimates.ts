import type { Route } from "./+types/service-request-estimates";
import type { RouteHandle } from "~/route-handle";
import { postEstimate } from "../server/estimates-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/service-requests/<id>/estimates (staff): a new estimate on the request, as a draft.
export const action = (args: Route.ActionArgs) => postEstimate(args, args.params.id);
