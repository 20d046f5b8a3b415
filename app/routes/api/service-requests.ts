import type { Route } from "./+types/service-requests";
import { NO_STORE, requireAdminApi } from "~/server/auth.server";
import { getEnv } from "~/server/context.server";
import { listServiceRequests } from "~/server/inbox.server";

// GET /api/service-requests: staff only, newest first.
export async function loader({ request, context }: Route.LoaderArgs) {
  const env = getEnv(context);
  await requireAdminApi(request, env);
  return Response.json(await listServiceRequests(env), { headers: NO_STORE });
}
