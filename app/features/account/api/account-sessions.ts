import type { Route } from "./+types/account-sessions";
import type { RouteHandle } from "~/route-handle";
import { endOtherSessionsResponse, sessionsResponse } from "~/features/account/server/account-api.server";

// GET, HEAD and DELETE; anything else gets 405 with Allow.
export const handle: RouteHandle = { methods: ["GET", "HEAD", "DELETE"] };

// /api/account/sessions: the member's active sessions; DELETE signs out everywhere else.
export const loader = (args: Route.LoaderArgs) => sessionsResponse(args);

export const action = (args: Route.ActionArgs) => endOtherSessionsResponse(args);
