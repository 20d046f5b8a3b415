import type { Route } from "./+types/service-photos";
import type { RouteHandle } from "~/route-handle";
import { postServicePhoto } from "~/features/catalog/catalog.server";

export const handle: RouteHandle = { methods: ["POST"] };

// /api/settings/services/<slug>/photos (owners): POST a photo (multipart: `photo`, `alt`) → 201 `{ id, url }`.
export const action = (args: Route.ActionArgs) => postServicePhoto(args);
