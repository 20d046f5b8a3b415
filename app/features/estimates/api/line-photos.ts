import type { Route } from "./+types/line-photos";
import type { RouteHandle } from "~/route-handle";
import { postLinePhoto } from "../server/line-photos-api.server";

export const handle: RouteHandle = { methods: ["POST"] };

// POST /api/estimates/<id>/lines/<lineId>/photos (staff): a photo on the line (multipart `photo`).
export const action = (args: Route.ActionArgs) => postLinePhoto(args);
