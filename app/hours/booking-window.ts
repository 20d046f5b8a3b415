import {
  addDays,
  calendarDateFormat,
  type CalendarDate,
  closureOn,
  isOpenDay,
  nextOpenDay,
  shopWallClock,
  weekdayOf,
} from "./shop-calendar";
import { weeklyHours } from "~/content/hours";

// Which days a visitor may ask to come in: from the next day the shop opens (a request is read
// within a working day, so today is too soon) up to 60 days ahead, open days only.

export const BOOKING_DAYS_AHEAD = 60;

export type BookingWindow = { first: CalendarDate; last: CalendarDate };

export function bookingWindow(now: Date): BookingWindow {
  const today = shopWallClock(now).date;
  return { first: nextOpenDay(today), last: addDays(today, BOOKING_DAYS_AHEAD) };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

function isRealDate(date: string): boolean {
  return ISO_DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
}

const spelled = calendarDateFormat({ month: "long", day: "numeric" });

/** Why a preferred date cannot be taken, in words for the visitor; null when it can. */
export function preferredDateProblem(date: string, now: Date): string | null {
  if (!isRealDate(date)) return "Please enter the date as YYYY-MM-DD, or pick it from the calendar.";
  const { first, last } = bookingWindow(now);
  if (date < first) return `Please choose a day from ${spelled(first)} on.`;
  if (date > last) return `Please choose a day within the next ${BOOKING_DAYS_AHEAD} days (until ${spelled(last)}).`;
  if (!weeklyHours.days.includes(weekdayOf(date))) return "We're closed on weekends. Please choose a weekday.";
  const closure = closureOn(date);
  if (closure) return `We're closed on ${spelled(date)} (${closure.reason}). Please choose another day.`;
  // Unreachable with today's rules (open days are weekdays that are not closures); kept so a new
  // kind of closed day cannot slip through.
  if (!isOpenDay(date)) return "We're closed that day. Please choose another day.";
  return null;
}
