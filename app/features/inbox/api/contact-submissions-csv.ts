import type { Route } from "./+types/contact-submissions-csv";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { csvResponse } from "~/features/inbox/server/inbox-api.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/contact-submissions.csv: the list's filter and search as a spreadsheet, every page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? csvResponse(request, getEnv(context), "contact", actingMember(request, context));
}
