import type { Route } from "./+types/service-requests";
import { getEnv } from "~/server/http/context.server";
import { listResponse } from "~/server/inbox/inbox-api.server";
import { onlyReads } from "~/server/http/responses.server";

// Read only: every other method gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyReads];

// GET /api/service-requests: staff only, newest first, filtered, searched and paged.
export function loader({ request, context }: Route.LoaderArgs) {
  return listResponse(request, getEnv(context), "serviceRequest");
}
