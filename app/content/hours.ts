// The shop's opening hours and the days it closes, written once. The footer, the contact page,
// the JSON-LD, the open-now line and the service request's preferred date all read from here
// (through app/hours/).

/** Days are numbered as `Date#getUTCDay()` numbers them: 0 is Sunday. */
export type Weekday = 0 | 1 | 2 | 3 | 4 | 5 | 6;

/** A wall-clock time in the shop's time zone. */
export type ClockTime = { hour: number; minute: number };

export const weeklyHours: { days: readonly Weekday[]; opens: ClockTime; closes: ClockTime } = {
  days: [1, 2, 3, 4, 5],
  opens: { hour: 8, minute: 0 },
  closes: { hour: 17, minute: 0 },
};

/** A weekday the shop does not open, with the reason visitors are shown. `date` is `YYYY-MM-DD`. */
export type ClosureDay = { date: `${number}-${number}-${number}`; reason: string };

// Kept a year or more ahead: add the next year's days each autumn. Dates are the days the shop
// is closed (the observed day when a holiday falls on a weekend).
export const closureDays: readonly ClosureDay[] = [
  { date: "2026-11-26", reason: "Thanksgiving Day" },
  { date: "2026-12-24", reason: "Christmas Eve" },
  { date: "2026-12-25", reason: "Christmas Day" },
  { date: "2027-01-01", reason: "New Year's Day" },
  { date: "2027-05-31", reason: "Memorial Day" },
  { date: "2027-07-05", reason: "Independence Day (observed)" },
  { date: "2027-09-06", reason: "Labor Day" },
  { date: "2027-11-25", reason: "Thanksgiving Day" },
  { date: "2027-12-24", reason: "Christmas Day (observed)" },
  { date: "2027-12-31", reason: "New Year's Day (observed)" },
];
