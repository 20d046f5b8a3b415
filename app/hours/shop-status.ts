import {
  addDays,
  type CalendarDate,
  daysBetween,
  formatClockTime,
  minutesOf,
  shopInstant,
  shopWallClock,
  weekdayName,
} from "./shop-calendar";
import { hoursOn, nextOpenDay, type ShopSchedule } from "./shop-schedule";

/** Whether the shop is open at an instant, and when that changes (null: not within a year). */
export type ShopStatus =
  | { open: true; closesAt: Date; label: string }
  | { open: false; opensAt: Date | null; closedFor: string | null; label: string };

function opensLabel(today: CalendarDate, opensOn: CalendarDate, opens: string): string {
  const ahead = daysBetween(today, opensOn);
  if (ahead === 0) return `opens today at ${opens}`;
  if (ahead === 1) return `opens tomorrow at ${opens}`;
  if (ahead < 7) return `opens ${weekdayName(opensOn)} at ${opens}`;
  const [, month, day] = opensOn.split("-").map(Number);
  return `opens ${weekdayName(opensOn)} ${month}/${day} at ${opens}`;
}

/**
 * The line the header and the contact page show: "Open now · until 5:00 PM",
 * "Open now · until 12:00 PM (Christmas Eve)", "Closed · opens today at 8:00 AM",
 * "Closed for Thanksgiving Day · opens tomorrow at 8:00 AM".
 */
export function shopStatusAt(schedule: ShopSchedule, now: Date): ShopStatus {
  const { date: today, minutes } = shopWallClock(now);
  const hours = hoursOn(schedule, today);
  if (hours.open) {
    const opens = formatClockTime(hours.opens);
    if (minutes < minutesOf(hours.opens)) {
      const why = hours.reason ? ` (${hours.reason})` : "";
      return {
        open: false,
        opensAt: shopInstant(today, hours.opens),
        closedFor: null,
        label: `Closed · ${opensLabel(today, today, opens)}${why}`,
      };
    }
    if (minutes < minutesOf(hours.closes)) {
      const why = hours.reason ? ` (${hours.reason})` : "";
      return {
        open: true,
        closesAt: shopInstant(today, hours.closes),
        label: `Open now · until ${formatClockTime(hours.closes)}${why}`,
      };
    }
  }
  const closedFor = hours.open ? null : hours.reason;
  const closed = closedFor ? `Closed for ${closedFor}` : "Closed";
  const opensOn = nextOpenDay(schedule, today);
  const next = opensOn ? hoursOn(schedule, opensOn) : null;
  if (!opensOn || !next?.open) return { open: false, opensAt: null, closedFor, label: closed };
  return {
    open: false,
    opensAt: shopInstant(opensOn, next.opens),
    closedFor,
    label: `${closed} · ${opensLabel(today, opensOn, formatClockTime(next.opens))}`,
  };
}

/**
 * The next instant at which the open-now line changes. A page that shows it must not be served
 * from a cache past this instant. The line also names "today" and "tomorrow", which change at
 * the shop's midnight, so the earlier of the two counts.
 */
export function nextStatusChangeAt(schedule: ShopSchedule, now: Date): Date {
  const status = shopStatusAt(schedule, now);
  const change = status.open ? status.closesAt : status.opensAt;
  const midnight = shopInstant(addDays(shopWallClock(now).date, 1), { hour: 0, minute: 0 });
  return change && change < midnight ? change : midnight;
}
