import type { Route } from "./+types/service-requests-csv";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/server/http/staff-member.server";
import { getEnv } from "~/server/http/context.server";
import { csvResponse } from "~/server/inbox/inbox-api.server";

// Read only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/service-requests.csv: the list's filter and search as a spreadsheet, every page.
export function loader({ request, context }: Route.LoaderArgs) {
  return csvResponse(request, getEnv(context), "serviceRequest", actingMember(request, context));
}
