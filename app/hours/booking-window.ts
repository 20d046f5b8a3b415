import { addDays, calendarDateFormat, type CalendarDate, shopWallClock, weekdayName, weekdayOf } from "./shop-calendar";
import { hoursOn, nextOpenDay, type ShopSchedule } from "./shop-schedule";

// Which days a visitor may ask to come in: from the next day the shop opens (a request is read
// within a working day, so today is too soon) up to 60 days ahead, open days only.

export const BOOKING_DAYS_AHEAD = 60;

export type BookingWindow = { first: CalendarDate; last: CalendarDate };

export function bookingWindow(schedule: ShopSchedule, now: Date): BookingWindow {
  const today = shopWallClock(now).date;
  const last = addDays(today, BOOKING_DAYS_AHEAD);
  // A shop closed for the whole window takes no date at all: the first day lies after the last.
  return { first: nextOpenDay(schedule, today) ?? addDays(last, 1), last };
}

const spelled = calendarDateFormat({ month: "long", day: "numeric" });
const SATURDAY = 6;
const SUNDAY = 0;

/**
 * Why a preferred date cannot be taken, in words for the visitor; null when it can. `date` is a day
 * the one date rule took (app/forms/dates.ts: the field checks it first).
 */
export function preferredDateProblem(schedule: ShopSchedule, date: CalendarDate, now: Date): string | null {
  const { first, last } = bookingWindow(schedule, now);
  const tooSoon = () =>
    first > last
      ? "We're not taking dates for visits just now. Please call us."
      : `Please choose a day from ${spelled(first)} on.`;
  if (date > last) return `Please choose a day within the next ${BOOKING_DAYS_AHEAD} days (until ${spelled(last)}).`;
  if (date <= shopWallClock(now).date) return tooSoon();
  // A closed day says why, even before the first open day (the days between are all closed).
  const day = hoursOn(schedule, date);
  if (day.open) return date < first ? tooSoon() : null;
  if (day.reason) return `We're closed on ${spelled(date)} (${day.reason}). Please choose another day.`;
  const weekday = weekdayOf(date);
  const weekend = weekday === SATURDAY || weekday === SUNDAY;
  if (weekend && !schedule.weekly[SATURDAY] && !schedule.weekly[SUNDAY]) {
    return "We're closed on weekends. Please choose a weekday.";
  }
  return `We're closed on ${weekdayName(date)}s. Please choose another day.`;
}
