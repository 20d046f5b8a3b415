import type { Route } from "./+types/records";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { inboxKindOfApiUrl } from "~/records/kinds";
import { listResponse } from "~/features/inbox/server/inbox-api.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/<kind> (app/routes.ts mounts it for each kind): staff only, newest first, filtered,
// searched and paged.
export function loader({ request, context }: Route.LoaderArgs) {
  return listResponse(request, getEnv(context), inboxKindOfApiUrl(request.url), actingMember(request, context));
}
