import type { Route } from "./+types/reply-draft";
import type { RouteHandle } from "~/route-handle";
import { replyDraftResponse } from "../server/template-endpoints.server";

export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/contact-submissions/<id>/reply-draft?template=<id> and the same under service-requests
// (staff): a reply template filled from the record, to edit and send through …/replies.
export const loader = (args: Route.LoaderArgs) => replyDraftResponse(args);
