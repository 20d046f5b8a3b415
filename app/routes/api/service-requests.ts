import type { Route } from "./+types/service-requests";
import { requireAdminApi } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";
import { jsonResponse, onlyReads } from "~/server/responses.server";
import { listServiceRequests } from "~/server/inbox.server";

// Read only: every other method gets 405 with Allow.
export const middleware: Route.MiddlewareFunction[] = [onlyReads];

// GET /api/service-requests: staff only, newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  await requireAdminApi(request, env);
  return jsonResponse(await listServiceRequests(env));
}
