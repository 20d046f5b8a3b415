import { type ClockTime, type DayHours, defaultWeeklyHours, type WeeklyHours } from "~/content/hours";
import { addDays, type CalendarDate, daysBetween, minutesOf, weekdayOf } from "./shop-calendar";

// The shop's hours as every rule reads them: the weekly hours, the days it is closed and the days
// it keeps other hours. The server builds it from the owner's settings (app/features/settings/server/);
// the browser gets the part it needs from the page. Plain data: it travels as JSON.

/** A day the shop does not open, with the reason visitors are shown. */
export type ClosureDay = { date: CalendarDate; reason: string };

/** A day the shop keeps other hours than its weekly ones ("Christmas Eve", 8:00 AM to 12:00 PM). */
export type SpecialHours = { date: CalendarDate; opens: ClockTime; closes: ClockTime; reason: string };

export type ShopSchedule = {
  weekly: WeeklyHours;
  /** The owner's closure days and the federal holidays the shop closes for, soonest first, one per date. */
  closures: readonly ClosureDay[];
  specialHours: readonly SpecialHours[];
};

/** The schedule of a fresh install with no closures: the weekly hours as they ship. */
export const weeklyOnlySchedule: ShopSchedule = { weekly: defaultWeeklyHours, closures: [], specialHours: [] };

/** What one date holds: open (its hours, and the reason when they are special) or closed. */
export type DaySchedule = ({ open: true; reason: string | null } & DayHours) | { open: false; reason: string | null };

/** Special hours win over a closure on the same date: the owner set them for that very day. */
export function hoursOn(schedule: ShopSchedule, date: CalendarDate): DaySchedule {
  const special = schedule.specialHours.find((entry) => entry.date === date);
  if (special) return { open: true, opens: special.opens, closes: special.closes, reason: special.reason };
  const closure = schedule.closures.find((entry) => entry.date === date);
  if (closure) return { open: false, reason: closure.reason };
  const weekly = schedule.weekly[weekdayOf(date)];
  return weekly ? { open: true, ...weekly, reason: null } : { open: false, reason: null };
}

export function isOpenDay(schedule: ShopSchedule, date: CalendarDate): boolean {
  return hoursOn(schedule, date).open;
}

/** How far ahead the rules look for the next open day: beyond it the shop counts as closed for good. */
const LOOK_AHEAD_DAYS = 366;

/** The first date after `date` on which the shop opens, or null when none does within a year. */
export function nextOpenDay(schedule: ShopSchedule, date: CalendarDate): CalendarDate | null {
  for (let step = 1; step <= LOOK_AHEAD_DAYS; step++) {
    const candidate = addDays(date, step);
    if (isOpenDay(schedule, candidate)) return candidate;
  }
  return null;
}

const within = (from: CalendarDate, days: number) => (entry: { date: CalendarDate }) => {
  const ahead = daysBetween(from, entry.date);
  return ahead >= 0 && ahead <= days;
};

/** Closure days from `from` (inclusive) within `days` days, soonest first (special hours on the date win). */
export function closuresWithin(schedule: ShopSchedule, from: CalendarDate, days: number): ClosureDay[] {
  return schedule.closures
    .filter(within(from, days))
    .filter((closure) => !schedule.specialHours.some((special) => special.date === closure.date))
    .toSorted((a, b) => a.date.localeCompare(b.date));
}

/** Special hours from `from` (inclusive) within `days` days, soonest first. */
export function specialHoursWithin(schedule: ShopSchedule, from: CalendarDate, days: number): SpecialHours[] {
  return schedule.specialHours.filter(within(from, days)).toSorted((a, b) => a.date.localeCompare(b.date));
}

/** The part of a schedule from `from` to `days` ahead: what a page hands the browser. */
export function scheduleWithin(schedule: ShopSchedule, from: CalendarDate, days: number): ShopSchedule {
  return {
    weekly: schedule.weekly,
    closures: schedule.closures.filter(within(from, days)),
    specialHours: schedule.specialHours.filter(within(from, days)),
  };
}

export const isBefore = (a: ClockTime, b: ClockTime) => minutesOf(a) < minutesOf(b);
