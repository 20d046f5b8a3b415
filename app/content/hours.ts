// The shop's hours as they ship: what a fresh install shows until an owner changes them on the
// settings page (/incoming/settings, stored in D1). The footer, the contact page, the JSON-LD,
// the open-now line and the service request's preferred date read the hours through app/hours/.

/** Days are numbered as `Date#getUTCDay()` numbers them: 0 is Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A wall-clock time in the shop's time zone. */
export type ClockTime = { hour: number; minute: number };

/** One day's opening and closing time; the shop closes the same day it opens. */
export type DayHours = { opens: ClockTime; closes: ClockTime };

/** The hours of each weekday, Sunday first (index = Weekday); null is closed all day. */
export type WeeklyHours = readonly [
  DayHours | null,
  DayHours | null,
  DayHours | null,
  DayHours | null,
  DayHours | null,
  DayHours | null,
  DayHours | null,
];

const weekdayHours: DayHours = { opens: { hour: 8, minute: 0 }, closes: { hour: 17, minute: 0 } };

/** Monday to Friday, 8:00 AM to 5:00 PM; closed at weekends. */
export const defaultWeeklyHours: WeeklyHours = [
  null,
  weekdayHours,
  weekdayHours,
  weekdayHours,
  weekdayHours,
  weekdayHours,
  null,
];

/**
 * The federal holidays the shop closes for until an owner ticks others (their ids in
 * app/hours/federal-holidays.ts). The days themselves are computed, observed dates included.
 */
export const defaultClosedHolidays = [
  "new-years-day",
  "memorial-day",
  "independence-day",
  "labor-day",
  "thanksgiving-day",
  "christmas-day",
] as const;
