import type { Route } from "./+types/contact-submissions-csv";
import type { RouteHandle } from "~/route-handle";
import { actingMember } from "~/server/http/staff-member.server";
import { getEnv } from "~/server/http/context.server";
import { csvResponse } from "~/server/inbox/inbox-api.server";

// Read only: every other method gets 405 with Allow (app/server/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/contact-submissions.csv: the list's filter and search as a spreadsheet, every page.
export function loader({ request, context }: Route.LoaderArgs) {
  return csvResponse(request, getEnv(context), "contact", actingMember(request, context));
}
