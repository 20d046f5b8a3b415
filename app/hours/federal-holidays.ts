import { addDays, type CalendarDate, weekdayOf } from "./shop-calendar";

// The US federal holidays (5 U.S.C. 6103), computed from their rules so that next year's appear
// on their own. A holiday on a fixed date that falls on a Saturday is observed on the Friday
// before, one on a Sunday on the Monday after (New Year's Day on a Saturday is observed on
// December 31 of the year before).

export const federalHolidayIds = [
  "new-years-day",
  "martin-luther-king-jr-day",
  "washingtons-birthday",
  "memorial-day",
  "juneteenth",
  "independence-day",
  "labor-day",
  "columbus-day",
  "veterans-day",
  "thanksgiving-day",
  "christmas-day",
] as const;

export type FederalHolidayId = (typeof federalHolidayIds)[number];

export const federalHolidayNames: Record<FederalHolidayId, string> = {
  "new-years-day": "New Year's Day",
  "martin-luther-king-jr-day": "Martin Luther King Jr. Day",
  "washingtons-birthday": "Washington's Birthday (Presidents' Day)",
  "memorial-day": "Memorial Day",
  juneteenth: "Juneteenth",
  "independence-day": "Independence Day",
  "labor-day": "Labor Day",
  "columbus-day": "Columbus Day",
  "veterans-day": "Veterans Day",
  "thanksgiving-day": "Thanksgiving Day",
  "christmas-day": "Christmas Day",
};

export function isFederalHolidayId(value: unknown): value is FederalHolidayId {
  return typeof value === "string" && (federalHolidayIds as readonly string[]).includes(value);
}

/** One holiday of one year: its own date, and the day it is observed (the day off). */
export type FederalHoliday = {
  id: FederalHolidayId;
  name: string;
  year: number;
  date: CalendarDate;
  observed: CalendarDate;
};

const pad = (n: number) => String(n).padStart(2, "0");
const dateOf = (year: number, month: number, day: number): CalendarDate => `${year}-${pad(month)}-${pad(day)}`;

/** The nth (1-based) given weekday of a month; n = -1 is the last. */
function nthWeekday(year: number, month: number, weekday: number, n: number): CalendarDate {
  if (n > 0) {
    const first = dateOf(year, month, 1);
    return addDays(first, ((weekday - weekdayOf(first) + 7) % 7) + (n - 1) * 7);
  }
  const last = addDays(month === 12 ? dateOf(year + 1, 1, 1) : dateOf(year, month + 1, 1), -1);
  return addDays(last, -((weekdayOf(last) - weekday + 7) % 7));
}

function observedDay(date: CalendarDate): CalendarDate {
  const weekday = weekdayOf(date);
  if (weekday === 6) return addDays(date, -1);
  if (weekday === 0) return addDays(date, 1);
  return date;
}

const MONDAY = 1;
const THURSDAY = 4;

const fixed = (month: number, day: number) => (year: number) => dateOf(year, month, day);
const nth = (month: number, weekday: number, n: number) => (year: number) => nthWeekday(year, month, weekday, n);

// Holidays on a weekday rule always fall on a Monday or Thursday: observed as they are.
const rules: Record<FederalHolidayId, { dateIn: (year: number) => CalendarDate; fixedDate: boolean }> = {
  "new-years-day": { dateIn: fixed(1, 1), fixedDate: true },
  "martin-luther-king-jr-day": { dateIn: nth(1, MONDAY, 3), fixedDate: false },
  "washingtons-birthday": { dateIn: nth(2, MONDAY, 3), fixedDate: false },
  "memorial-day": { dateIn: nth(5, MONDAY, -1), fixedDate: false },
  juneteenth: { dateIn: fixed(6, 19), fixedDate: true },
  "independence-day": { dateIn: fixed(7, 4), fixedDate: true },
  "labor-day": { dateIn: nth(9, MONDAY, 1), fixedDate: false },
  "columbus-day": { dateIn: nth(10, MONDAY, 2), fixedDate: false },
  "veterans-day": { dateIn: fixed(11, 11), fixedDate: true },
  "thanksgiving-day": { dateIn: nth(11, THURSDAY, 4), fixedDate: false },
  "christmas-day": { dateIn: fixed(12, 25), fixedDate: true },
};

/** The holidays of one year, in calendar order. */
export function federalHolidaysOf(year: number): FederalHoliday[] {
  return federalHolidayIds.map((id) => {
    const date = rules[id].dateIn(year);
    return { id, name: federalHolidayNames[id], year, date, observed: rules[id].fixedDate ? observedDay(date) : date };
  });
}

/**
 * Every holiday observed from `from` to `to` (inclusive), soonest first. The year after `to` is
 * looked at too: its New Year's Day may be observed on December 31.
 */
export function federalHolidaysObservedBetween(from: CalendarDate, to: CalendarDate): FederalHoliday[] {
  const holidays: FederalHoliday[] = [];
  for (let year = Number(from.slice(0, 4)); year <= Number(to.slice(0, 4)) + 1; year++) {
    holidays.push(...federalHolidaysOf(year).filter((holiday) => holiday.observed >= from && holiday.observed <= to));
  }
  return holidays.toSorted((a, b) => a.observed.localeCompare(b.observed));
}

/** The reason visitors read for the day off: "Christmas Day", or "Christmas Day (observed)". */
export function holidayClosureReason(holiday: FederalHoliday): string {
  return holiday.observed === holiday.date ? holiday.name : `${holiday.name} (observed)`;
}
