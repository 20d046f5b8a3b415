import type { RouterContextProvider } from "react-router";
import { calendarDateField } from "~/forms/dates";
import { z } from "~/forms/zod";
import { addDays, type CalendarDate, shopWallClock, weekdayOf } from "~/hours/shop-calendar";
import { hoursOn } from "~/hours/shop-schedule";
import { recordPath } from "~/records/kinds";
import { getEnv } from "~/http/context.server";
import { jsonAnswer, refusalData, refused } from "~/http/outcome.server";
import { parseDaySpan, parseQuery } from "~/http/query.server";
import { jsonResponse, NO_STORE } from "~/http/responses.server";
import { bookingRulesFor } from "./settings/capacity-settings.server";
import { capacityOn, openingsOn, slotKey } from "../capacity";
import { appointmentKindLabels } from "../vocabulary";
import { appointmentsBetween, bookedCounts, toView } from "./booking-reads.server";

// The shop's calendar (/incoming/calendar) and GET /api/appointments: each day's drop-offs and
// waiter slots with places used and free, every appointment with a link to its record, and the
// marks staff set at the door (arrived, no-show, done: marks.server.ts).

const dayParam = calendarDateField({ format: "give the day as YYYY-MM-DD.", notADay: "that day does not exist." });
const calendarParams = z.object({ date: dayParam.optional(), view: z.string().optional() });

/** The longest span GET /api/appointments lists at once. */
export const MAX_LIST_DAYS = 62;

export type CalendarView = "day" | "week";

/** Monday of the week a date falls in. */
export const weekStart = (date: CalendarDate) => addDays(date, -((weekdayOf(date) + 6) % 7));

type Row = Awaited<ReturnType<typeof appointmentsBetween>>[number];

function entryOf(row: Row) {
  const view = toView(row.appointment);
  return {
    ...view,
    customer: row.firstName === null ? null : { firstName: row.firstName, lastName: row.lastName, phone: row.phone },
    recordPath: recordPath("serviceRequest", view.serviceRequestId),
  };
}

export type CalendarEntry = ReturnType<typeof entryOf>;

/** The calendar's days from `from` to `to`: open or closed, each place with its use, and its appointments. */
export async function calendarDays(context: Readonly<RouterContextProvider>, from: CalendarDate, to: CalendarDate) {
  const env = getEnv(context);
  const rules = await bookingRulesFor(context);
  const [rows, counts] = await Promise.all([appointmentsBetween(env, from, to), bookedCounts(env, from, to)]);
  const entries = rows.map(entryOf);
  const days = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const hours = hoursOn(rules.schedule, date);
    const day = capacityOn(rules.schedule, rules.capacity, date);
    const onDay = entries.filter((entry) => entry.date === date);
    const places = day
      ? openingsOn(day, counts.get(date)).map((opening) => ({
          ...opening,
          label: opening.kind === "waiter" ? `Waiter ${opening.time}` : appointmentKindLabels[opening.kind],
          entries: onDay.filter((entry) => slotKey(entry.kind, entry.time) === slotKey(opening.kind, opening.time)),
        }))
      : [];
    // An appointment whose place no longer exists that day (a closure, new hours, a slot removed).
    const placed = new Set(places.flatMap((place) => place.entries.map((entry) => entry.id)));
    days.push({
      date,
      open: hours.open,
      reason: hours.reason,
      places,
      elsewhere: onDay.filter((entry) => !placed.has(entry.id)),
    });
  }
  return { days, today: shopWallClock(rules.now).date };
}

/**
 * What the calendar page reads from its address: the day and the view, today and the week by
 * default. A day that is not one, or a parameter given twice, is a 400 page.
 */
export function calendarQuery(url: URL, now: Date) {
  const parsed = parseQuery(url.searchParams, calendarParams);
  if (!parsed.ok) {
    const message = `This calendar address does not work: ${parsed.message}`;
    throw refusalData(refused("invalid", message).refusal, { message }, NO_STORE);
  }
  const date = parsed.query.date ?? shopWallClock(now).date;
  const view: CalendarView = parsed.query.view === "day" ? "day" : "week";
  const from = view === "day" ? date : weekStart(date);
  const to = view === "day" ? date : addDays(from, 6);
  const step = view === "day" ? 1 : 7;
  return { date, view, from, to, previous: addDays(date, -step), next: addDays(date, step) };
}

/** GET /api/appointments?from=&to= (at most 62 days): every appointment in the span, by day and time. */
export async function listAppointmentsResponse(request: Request, context: Readonly<RouterContextProvider>) {
  const span = parseDaySpan(new URL(request.url).searchParams, {
    maxDays: MAX_LIST_DAYS,
    tooLong: `List at most ${MAX_LIST_DAYS} days at once.`,
  });
  if (!span.ok) return jsonAnswer(span);
  const rows = await appointmentsBetween(getEnv(context), span.value.from, span.value.to);
  return jsonResponse(rows.map(entryOf));
}
