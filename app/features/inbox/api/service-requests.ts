import type { Route } from "./+types/service-requests";
import type { RouteHandle } from "~/route-handle";
import { getEnv } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { listResponse } from "~/features/inbox/server/inbox-api.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/service-requests: staff only, newest first, filtered, searched and paged.
export function loader({ request, context }: Route.LoaderArgs) {
  return listResponse(request, getEnv(context), "serviceRequest", actingMember(request, context));
}
