import type { Route } from "./+types/insights";
import { parseInsightsDays } from "~/features/insights/response-record";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { jsonRefusal, refused } from "~/http/outcome.server";
import { jsonResponse } from "~/http/responses.server";
import { insightsJson, readInsights } from "~/features/insights/insights.server";
import { getShopSettings } from "~/features/settings/settings.server";

// Read only: every other method gets 405 with Allow.
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

// GET /api/insights?days=7|30|90 (30 when absent): the promise measured, per kind and together,
// and the last 12 weeks (docs/inbox.md). Every member may read it.
export async function loader({ request, context }: Route.LoaderArgs) {
  const days = parseInsightsDays(new URL(request.url).searchParams);
  if (days === null) return jsonRefusal(refused("invalid", "days must be 7, 30 or 90.").refusal);
  const insights = await readInsights(getEnv(context), getShopSettings(context), getRequestTime(context), days);
  return jsonResponse(insightsJson(insights));
}
