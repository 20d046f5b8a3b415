import type { ClockTime, Weekday } from "~/content/hours";
import { shop } from "~/content/shop";

// Calendar arithmetic for the shop's hours, in the shop's time zone whatever the server's or the
// browser's. A calendar date is a `YYYY-MM-DD` string; instants are `Date`s. Pure functions of
// the instant they are given, so tests inject the clock.

export type CalendarDate = string;

const WEEKDAY_NAMES = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/**
 * A DateTimeFormat built on its first use and kept for every later call. Building one is costly (a
 * time zone's data): at module level, the ten or so this app has cost every new Worker isolate its
 * startup time whether the request formats a date or not (decision 040).
 */
function formatOnFirstUse(options: Intl.DateTimeFormatOptions): () => Intl.DateTimeFormat {
  let format: Intl.DateTimeFormat | undefined;
  return () => (format ??= new Intl.DateTimeFormat("en-US", options));
}

const shopClock = formatOnFirstUse({
  timeZone: shop.timeZone,
  hourCycle: "h23",
  year: "numeric",
  month: "2-digit",
  day: "2-digit",
  hour: "2-digit",
  minute: "2-digit",
});

type WallClock = { date: CalendarDate; minutes: number };

const HOUR_MS = 3_600_000;
// The shop's zone moves its clocks at whole UTC hours, so one UTC hour has one offset: read once
// per hour and kept for the isolate's life (the zone's rules change only with a deploy). The CSV
// export asks for 100,000 instants (one formatToParts each was a quarter of its time), and the
// openings ask two for each place on every day of two months (with one hour kept, each missed).
// Bounded: past a year and more of hours it starts again.
const MAX_REMEMBERED_HOURS = 24 * 400;
const offsetsByHour = new Map<number, number>();

/** How far the shop's wall clock is from UTC at an instant, in milliseconds (negative in the Americas). */
function shopOffsetMs(instant: Date): number {
  const hour = Math.floor(instant.getTime() / HOUR_MS);
  let offset = offsetsByHour.get(hour);
  if (offset === undefined) {
    const start = new Date(hour * HOUR_MS);
    const parts = Object.fromEntries(
      shopClock()
        .formatToParts(start)
        .map((part) => [part.type, Number(part.value)]),
    );
    const wall = Date.UTC(parts.year!, parts.month! - 1, parts.day, parts.hour, parts.minute);
    offset = wall - start.getTime();
    if (offsetsByHour.size >= MAX_REMEMBERED_HOURS) offsetsByHour.clear();
    offsetsByHour.set(hour, offset);
  }
  return offset;
}

/** The shop's calendar date and minutes since its midnight at an instant. */
export function shopWallClock(instant: Date): WallClock {
  const wall = new Date(instant.getTime() + shopOffsetMs(instant));
  return {
    date: wall.toISOString().slice(0, 10),
    minutes: wall.getUTCHours() * 60 + wall.getUTCMinutes(),
  };
}

function toUtcMidnight(date: CalendarDate): number {
  const [year, month, day] = date.split("-").map(Number);
  return Date.UTC(year ?? 0, (month ?? 1) - 1, day ?? 1);
}

export function addDays(date: CalendarDate, days: number): CalendarDate {
  return new Date(toUtcMidnight(date) + days * 86_400_000).toISOString().slice(0, 10);
}

export function weekdayOf(date: CalendarDate): Weekday {
  return new Date(toUtcMidnight(date)).getUTCDay() as Weekday;
}

export function weekdayName(date: CalendarDate): string {
  return WEEKDAY_NAMES[weekdayOf(date)];
}

/** Whole days from `from` to `to` (negative when `to` is earlier). */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return Math.round((toUtcMidnight(to) - toUtcMidnight(from)) / 86_400_000);
}

/** The instant at which the shop's clock shows `time` on `date` (correct across DST changes). */
export function shopInstant(date: CalendarDate, time: ClockTime): Date {
  const wall = toUtcMidnight(date) + (time.hour * 60 + time.minute) * 60_000;
  // The zone's offset is read at a first guess, then again at the corrected instant, which
  // settles it on either side of a DST change (the shop's hours never fall in the skipped hour).
  let instant = wall;
  for (let pass = 0; pass < 2; pass++) {
    const shown = shopWallClock(new Date(instant));
    const shownWall = toUtcMidnight(shown.date) + shown.minutes * 60_000;
    instant += wall - shownWall;
  }
  return new Date(instant);
}

/**
 * A formatter of calendar dates in words, e.g. `{ month: "long", day: "numeric" }` → "November 26".
 * A date is no instant: it is formatted at UTC midnight in UTC, so no time zone moves it a day.
 */
export function calendarDateFormat(options: Omit<Intl.DateTimeFormatOptions, "timeZone">) {
  const format = formatOnFirstUse({ ...options, timeZone: "UTC" });
  return (date: CalendarDate) => format().format(new Date(`${date}T00:00:00Z`));
}

export const minutesOf = (time: ClockTime) => time.hour * 60 + time.minute;

// What staff read (the inbox card, the emails): "Mar 3, 2026, 10:42 AM EST", in the shop's zone.
const shopDateTimeFormat = formatOnFirstUse({
  timeZone: shop.timeZone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

const shopTimeFormat = formatOnFirstUse({
  timeZone: shop.timeZone,
  hour: "numeric",
  minute: "2-digit",
});

/** "Mar 3, 2026, 10:42 AM EST": an instant as the shop's clock and calendar show it. */
/** A stored time as staff read it in the shop's time, "N/A" when there is none. */
export function formatSubmittedAt(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? formatShopDateTime(date) : "N/A";
}

export function formatShopDateTime(instant: Date): string {
  return shopDateTimeFormat().format(instant);
}

/** "10:42 AM": the shop's clock at an instant. */
export function formatShopTime(instant: Date): string {
  return shopTimeFormat().format(instant);
}

/** "8:00 AM", "5:00 PM". */
export function formatClockTime(time: ClockTime): string {
  const hour12 = time.hour % 12 === 0 ? 12 : time.hour % 12;
  return `${hour12}:${String(time.minute).padStart(2, "0")} ${time.hour < 12 ? "AM" : "PM"}`;
}
