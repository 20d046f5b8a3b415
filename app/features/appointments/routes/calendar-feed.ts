import type { Route } from "./+types/calendar-feed";
import type { RouteHandle } from "~/route-handle";
import { getEnv, getRequestTime } from "~/http/context.server";
import { calendarFeedResponse } from "../server/calendar-feed.server";

// /appointments/feed/<token>.ics: a member's private calendar feed (docs/decisions/050), text/calendar
// for Google Calendar and Outlook to poll. No session: the secret address is the key.
export const handle: RouteHandle = { methods: ["GET", "HEAD"] };

export const loader = ({ context, params }: Route.LoaderArgs) =>
  calendarFeedResponse(getEnv(context), params.file, getRequestTime(context));
