import type { Route } from "./+types/customer-photo";
import type { RouteHandle } from "~/route-handle";
import { customerPhotoResponse } from "../server/customer-photos.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// /estimates/<token>/photos/<photoId>: a photo of the estimate the customer's link opens, to the
// link's holder only (docs/decisions/071-estimate-line-photos.md).
export const loader = (args: Route.LoaderArgs) => customerPhotoResponse(args);
