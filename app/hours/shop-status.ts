import { weeklyHours } from "~/content/hours";
import {
  addDays,
  type CalendarDate,
  closureOn,
  daysBetween,
  formatClockTime,
  isOpenDay,
  minutesOf,
  nextOpenDay,
  shopInstant,
  shopWallClock,
  weekdayName,
} from "./shop-calendar";

/** Whether the shop is open at an instant, and when that changes. */
export type ShopStatus =
  | { open: true; closesAt: Date; label: string }
  | { open: false; opensAt: Date; closedFor: string | null; label: string };

const OPENS = formatClockTime(weeklyHours.opens);
const CLOSES = formatClockTime(weeklyHours.closes);

function opensLabel(today: CalendarDate, opensOn: CalendarDate): string {
  const ahead = daysBetween(today, opensOn);
  if (ahead === 0) return `opens today at ${OPENS}`;
  if (ahead === 1) return `opens tomorrow at ${OPENS}`;
  if (ahead < 7) return `opens ${weekdayName(opensOn)} at ${OPENS}`;
  const [, month, day] = opensOn.split("-").map(Number);
  return `opens ${weekdayName(opensOn)} ${month}/${day} at ${OPENS}`;
}

/**
 * The line the header and the contact page show: "Open now · until 5:00 PM",
 * "Closed · opens today at 8:00 AM", "Closed for Thanksgiving Day · opens tomorrow at 8:00 AM".
 */
export function shopStatusAt(now: Date): ShopStatus {
  const { date: today, minutes } = shopWallClock(now);
  if (isOpenDay(today)) {
    if (minutes < minutesOf(weeklyHours.opens)) {
      return {
        open: false,
        opensAt: shopInstant(today, weeklyHours.opens),
        closedFor: null,
        label: `Closed · ${opensLabel(today, today)}`,
      };
    }
    if (minutes < minutesOf(weeklyHours.closes)) {
      return { open: true, closesAt: shopInstant(today, weeklyHours.closes), label: `Open now · until ${CLOSES}` };
    }
  }
  const opensOn = nextOpenDay(today);
  const closedFor = closureOn(today)?.reason ?? null;
  return {
    open: false,
    opensAt: shopInstant(opensOn, weeklyHours.opens),
    closedFor,
    label: `${closedFor ? `Closed for ${closedFor}` : "Closed"} · ${opensLabel(today, opensOn)}`,
  };
}

/**
 * The next instant at which the open-now line changes. A page that shows it must not be served
 * from a cache past this instant. The line also names "today" and "tomorrow", which change at
 * the shop's midnight, so the earlier of the two counts.
 */
export function nextStatusChangeAt(now: Date): Date {
  const status = shopStatusAt(now);
  const change = status.open ? status.closesAt : status.opensAt;
  const midnight = shopInstant(addDays(shopWallClock(now).date, 1), { hour: 0, minute: 0 });
  return change < midnight ? change : midnight;
}
