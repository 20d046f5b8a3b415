import type { Route } from "./+types/estimate-send";
import type { RouteHandle } from "~/route-handle";
import { postSend } from "../server/estimates-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/estimates/<id>/send (staff): emails the customer the link to decide; status `sent`.
export const action = (args: Route.ActionArgs) => postSend(args, args.params.id);
