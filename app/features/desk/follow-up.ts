import { shopDateTime } from "../../forms/dates";
import { addDays, formatShopDateTime, shopInstant, shopWallClock } from "../../hours/shop-calendar";

// Follow-ups at the call-back desk, in the shop's time zone whatever the browser's or the
// server's: what "due" means, the "Call back by" inputs, and how long ago a record arrived.

/**
 * The first instant of the shop's next day after `now`: a follow-up before it is due today (or
 * overdue). Computed on the shop's calendar, so it is right on the 23- and 25-hour days of the
 * daylight-saving changes.
 */
export function endOfShopDay(now: Date): Date {
  return shopInstant(addDays(shopWallClock(now).date, 1), { hour: 0, minute: 0 });
}

/** The instant the shop's clock shows `time` ("HH:MM") on `date` ("YYYY-MM-DD"), or null if either is not one. */
export const followUpFromShopTime = (date: string, time: string): Date | null => shopDateTime(date, time);

/** The "Call back by" inputs' values for an instant: the shop's date and its clock ("HH:MM"). */
export function shopDateAndTime(instant: Date): { date: string; time: string } {
  const { date, minutes } = shopWallClock(instant);
  const hh = String(Math.floor(minutes / 60)).padStart(2, "0");
  const mm = String(minutes % 60).padStart(2, "0");
  return { date, time: `${hh}:${mm}` };
}

/** "just now", "12 min ago", "3 h ago", "2 d ago": how long before `now` something arrived. */
export function timeAgo(then: Date, now: Date): string {
  const minutes = Math.floor((now.getTime() - then.getTime()) / 60_000);
  if (minutes < 1) return "just now";
  if (minutes < 60) return `${minutes} min ago`;
  const hours = Math.floor(minutes / 60);
  if (hours < 48) return `${hours} h ago`;
  return `${Math.floor(hours / 24)} d ago`;
}

/** Where a follow-up stands at `now`: overdue, due today, or later. */
export function followUpState(followUpAt: Date, now: Date): "overdue" | "today" | "later" {
  if (followUpAt.getTime() < now.getTime()) return "overdue";
  return followUpAt.getTime() < endOfShopDay(now).getTime() ? "today" : "later";
}

/** "Nov 25, 9:00 AM": a shop time in a dense row (this year's, in the shop's zone; the title has it all). */
export function formatShortShopDateTime(instant: Date): string {
  return formatShopDateTime(instant)
    .replace(/, \d{4},/, ",")
    .replace(/ [A-Z]{3,4}$/, "");
}
