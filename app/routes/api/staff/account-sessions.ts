import type { Route } from "./+types/account-sessions";
import { endOtherSessionsResponse, SESSIONS_METHODS, sessionsResponse } from "~/server/account/account-api.server";
import { onlyMethods } from "~/server/http/responses.server";

// GET, HEAD and DELETE; anything else gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyMethods(SESSIONS_METHODS)];

// /api/account/sessions: the member's active sessions; DELETE signs out everywhere else.
export const loader = (args: Route.LoaderArgs) => sessionsResponse(args);

export const action = (args: Route.ActionArgs) => endOtherSessionsResponse(args);
