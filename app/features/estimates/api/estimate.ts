import type { Route } from "./+types/estimate";
import type { RouteHandle } from "~/route-handle";
import { getEstimate, putEstimate } from "../server/estimates-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "PUT"] };

// /api/estimates/<id> (staff): GET it (with its decisions; ?version=<n> for an earlier version),
// PUT its vehicle and lines as a new version.
export const loader = (args: Route.LoaderArgs) => getEstimate(args, args.params.id);
export const action = (args: Route.ActionArgs) => putEstimate(args, args.params.id);
