import type { Route } from "./+types/records-csv";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { actingMember } from "~/http/staff-member.server";
import { inboxKindOfApiUrl } from "~/records/kinds";
import { csvResponse } from "~/features/inbox/server/inbox-api.server";
import { askAgainIfStale } from "~/features/second-factor/second-factor.server";

// Read only: every other method gets 405 with Allow (app/http/methods.server.ts).
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/<kind>.csv (mounted for each kind): the list's filter and search as a spreadsheet, every page.
export async function loader({ request, context }: Route.LoaderArgs) {
  const asked = await askAgainIfStale(request, getEnv(context), getRequestTime(context));
  return asked ?? csvResponse(request, getEnv(context), inboxKindOfApiUrl(request.url), actingMember(request, context));
}
