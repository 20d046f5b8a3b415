import type { Route } from "./+types/line-photo";
import type { RouteHandle } from "~/route-handle";
import { deleteLinePhoto, linePhotoResponse } from "../server/line-photos-api.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD", "DELETE", "POST"] };

// /api/estimates/<id>/lines/<lineId>/photos/<photoId> (staff): GET the photo (`?w=` a smaller copy);
// DELETE it (or POST from the record page's Remove button, without JavaScript).
export const loader = (args: Route.LoaderArgs) => linePhotoResponse(args);
export const action = (args: Route.ActionArgs) => deleteLinePhoto(args);
