import type { DayHours, Weekday, WeeklyHours } from "~/content/hours";
import { formatClockTime } from "./shop-calendar";

// The weekly hours as the pages print them ("Mon-Fri: 8:00 AM - 5:00 PM", "Sat-Sun: Closed") and
// as schema.org reads them (an OpeningHoursSpecification per run of days with the same hours).

const MONDAY_FIRST: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
export const WEEKDAY_SCHEMA_NAMES = [
  "Sunday",
  "Monday",
  "Tuesday",
  "Wednesday",
  "Thursday",
  "Friday",
  "Saturday",
] as const;

export type OpeningHoursRow = {
  days: string;
  hours: string;
  /** The run's weekdays and hours; null hours when closed. */
  weekdays: Weekday[];
  times: { opens: string; closes: string } | null;
};

/** "08:00", as schema.org and the public JSON write times. */
export const twentyFourHour = ({ hour, minute }: { hour: number; minute: number }) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

const sameHours = (a: DayHours | null, b: DayHours | null) =>
  a === b ||
  (!!a &&
    !!b &&
    twentyFourHour(a.opens) === twentyFourHour(b.opens) &&
    twentyFourHour(a.closes) === twentyFourHour(b.closes));

/** Runs of consecutive days, Monday first, that keep the same hours (or are all closed). */
export function openingHoursRows(weekly: WeeklyHours): OpeningHoursRow[] {
  const runs: { hours: DayHours | null; days: Weekday[] }[] = [];
  for (const day of MONDAY_FIRST) {
    const hours = weekly[day];
    const last = runs.at(-1);
    if (last && sameHours(last.hours, hours)) last.days.push(day);
    else runs.push({ hours, days: [day] });
  }
  return runs.map(({ hours, days }) => {
    const first = days[0] ?? 1;
    const last = days.at(-1) ?? first;
    return {
      days: first === last ? SHORT_NAMES[first] : `${SHORT_NAMES[first]}-${SHORT_NAMES[last]}`,
      hours: hours ? `${formatClockTime(hours.opens)} - ${formatClockTime(hours.closes)}` : "Closed",
      weekdays: days,
      times: hours ? { opens: twentyFourHour(hours.opens), closes: twentyFourHour(hours.closes) } : null,
    };
  });
}
