import { and, between, eq, ne, sql } from "drizzle-orm";
import type { RouterContextProvider } from "react-router";
import { getDb } from "~/db/db.server";
import { appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import { getEnv } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import { jsonAnswer } from "~/http/outcome.server";
import { parseDaySpan } from "~/http/query.server";
import { jsonResponse } from "~/http/responses.server";
import { slotKey } from "../../capacity";
import { onlineHorizon, onlineOpenings, type OnlineCounts } from "./online-openings.server";
import { bookingRulesFor } from "../settings/capacity-settings.server";
import { readOnlineBookingRules } from "./online-settings.server";

// GET /api/availability?from=&to= (anyone, at most 62 days): what can be booked online now.

export const MAX_AVAILABILITY_DAYS = 62;

/** Live appointments per day and place from `from` to `to`, all and booked online (one grouped read). */
export async function onlineCounts(env: Pick<AppEnv, "DB">, from: CalendarDate, to: CalendarDate) {
  const rows = await getDb(env)
    .select({
      date: appointments.date,
      kind: appointments.kind,
      time: appointments.time,
      all: sql<number>`count(*)`,
      online: sql<number>`coalesce(sum(${serviceRequests.bookedOnline}), 0)`,
    })
    .from(appointments)
    .leftJoin(serviceRequests, eq(serviceRequests.id, appointments.serviceRequestId))
    .where(and(between(appointments.date, from, to), ne(appointments.status, "cancelled")))
    .groupBy(appointments.date, appointments.kind, appointments.time);
  const counts: OnlineCounts = new Map();
  for (const row of rows) {
    const day = counts.get(row.date) ?? new Map<string, { all: number; online: number }>();
    day.set(slotKey(row.kind, row.time), { all: row.all, online: row.online });
    counts.set(row.date, day);
  }
  return counts;
}

export async function availabilityResponse(request: Request, context: Readonly<RouterContextProvider>) {
  const span = parseDaySpan(new URL(request.url).searchParams, {
    maxDays: MAX_AVAILABILITY_DAYS,
    tooLong: `Ask for at most ${MAX_AVAILABILITY_DAYS} days at once.`,
  });
  if (!span.ok) return jsonAnswer(span);
  const { from, to } = span.value;
  const env = getEnv(context);
  const [rules, online] = await Promise.all([bookingRulesFor(context), readOnlineBookingRules(env)]);
  const counts: OnlineCounts = online.enabled ? await onlineCounts(env, from, to) : new Map<never, never>();
  return jsonResponse({ days: onlineOpenings(rules, online, counts, from, to) });
}

/** What /book offers now: the rules and every day with a place left online, up to the horizon. */
export async function bookingPageOpenings(context: Readonly<RouterContextProvider>) {
  const env = getEnv(context);
  const [rules, online] = await Promise.all([bookingRulesFor(context), readOnlineBookingRules(env)]);
  if (!online.enabled) return { enabled: false, days: [] };
  const from = shopWallClock(rules.now).date;
  const to = onlineHorizon(online, rules.now);
  return { enabled: true, days: onlineOpenings(rules, online, await onlineCounts(env, from, to), from, to) };
}
