import { type Weekday, weeklyHours } from "~/content/hours";
import { formatClockTime } from "./shop-calendar";

// The weekly hours as the pages print them ("Mon-Fri: 8:00 AM - 5:00 PM", "Sat-Sun: Closed") and
// as schema.org's openingHours reads them ("Mo-Fr 08:00-17:00"), derived from app/content/hours.ts.

const MONDAY_FIRST: readonly Weekday[] = [1, 2, 3, 4, 5, 6, 0];
const SHORT_NAMES = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"] as const;
const SCHEMA_ORG_NAMES = ["Su", "Mo", "Tu", "We", "Th", "Fr", "Sa"] as const;

export type OpeningHoursRow = { days: string; hours: string; schemaOrg: string | null };

type DayNames = readonly [string, string, string, string, string, string, string];

const span = (names: DayNames, first: Weekday, last: Weekday) =>
  first === last ? names[first] : `${names[first]}-${names[last]}`;

const twentyFourHour = ({ hour, minute }: { hour: number; minute: number }) =>
  `${String(hour).padStart(2, "0")}:${String(minute).padStart(2, "0")}`;

function rows(): OpeningHoursRow[] {
  // Runs of consecutive days, Monday first, that are all open or all closed.
  const runs: { open: boolean; days: Weekday[] }[] = [];
  for (const day of MONDAY_FIRST) {
    const open = weeklyHours.days.includes(day);
    const last = runs.at(-1);
    if (last?.open === open) last.days.push(day);
    else runs.push({ open, days: [day] });
  }
  const hours = `${formatClockTime(weeklyHours.opens)} - ${formatClockTime(weeklyHours.closes)}`;
  const times = `${twentyFourHour(weeklyHours.opens)}-${twentyFourHour(weeklyHours.closes)}`;
  return runs.map(({ open, days }) => {
    const first = days[0] ?? 1;
    const last = days.at(-1) ?? first;
    return {
      days: span(SHORT_NAMES, first, last),
      hours: open ? hours : "Closed",
      schemaOrg: open ? `${span(SCHEMA_ORG_NAMES, first, last)} ${times}` : null,
    };
  });
}

export const openingHours: readonly OpeningHoursRow[] = rows();
