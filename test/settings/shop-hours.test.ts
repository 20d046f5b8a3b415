import { describe, expect, it } from "vitest";
import { defaultClosedHolidays, defaultWeeklyHours } from "~/content/hours";
import { bookingWindow as windowOf } from "~/hours/booking-window";
import { shopInstant } from "~/hours/shop-calendar";
import { closuresWithin as closuresOf } from "~/hours/shop-schedule";
import { nextStatusChangeAt as nextChangeOf, shopStatusAt as statusOf } from "~/hours/shop-status";
import { scheduleOf } from "~/features/settings/settings.server";
import { preferredDateField } from "~/features/submissions/vehicle-visit-fields";

// A fresh install's schedule: the shipped weekly hours and holidays, and the one closure the
// migration seeds (Christmas Eve 2026).
const freshInstall = scheduleOf(
  {
    weekly: defaultWeeklyHours,
    weeklyIsDefault: true,
    closedHolidays: [...defaultClosedHolidays],
    closures: [{ date: "2026-12-24", reason: "Christmas Eve", createdBy: null }],
    specialHours: [],
    notice: null,
  },
  "2026-01-01",
);
const shopStatusAt = (now: Date) => statusOf(freshInstall, now);
const nextStatusChangeAt = (now: Date) => nextChangeOf(freshInstall, now);
const bookingWindow = (now: Date) => windowOf(freshInstall, now);
/** What the service request's preferred-date field says of a date: its first message, or null. */
const preferredDateProblem = (date: string, now: Date) =>
  preferredDateField(freshInstall, now).safeParse(date).error?.issues[0]?.message ?? null;
const closuresWithin = (from: string, days: number) => closuresOf(freshInstall, from, days);

// Instants are written in UTC; the comments give the shop's clock (America/New_York).
const at = (iso: string) => new Date(iso);

describe("the open-now line", () => {
  it.each([
    ["2026-11-20T21:59:00Z", "Friday 4:59 PM", "Open now · until 5:00 PM"],
    ["2026-11-20T22:00:00Z", "Friday 5:00 PM", "Closed · opens Monday at 8:00 AM"],
    ["2026-11-21T17:00:00Z", "Saturday noon", "Closed · opens Monday at 8:00 AM"],
    ["2026-11-22T23:30:00Z", "Sunday 6:30 PM", "Closed · opens tomorrow at 8:00 AM"],
    ["2026-11-23T12:59:00Z", "Monday 7:59 AM", "Closed · opens today at 8:00 AM"],
    ["2026-11-23T13:00:00Z", "Monday 8:00 AM", "Open now · until 5:00 PM"],
    ["2026-11-24T23:00:00Z", "Tuesday 6:00 PM", "Closed · opens tomorrow at 8:00 AM"],
    ["2026-11-25T23:00:00Z", "Wednesday 6:00 PM before Thanksgiving", "Closed · opens Friday at 8:00 AM"],
    ["2026-11-26T15:00:00Z", "Thanksgiving 10:00 AM", "Closed for Thanksgiving Day · opens tomorrow at 8:00 AM"],
    ["2026-12-23T22:30:00Z", "Wednesday 5:30 PM before Christmas", "Closed · opens Monday at 8:00 AM"],
  ])("at %s (%s) reads %s", (instant, _shopClock, line) => {
    expect(shopStatusAt(at(instant)).label).toBe(line);
  });

  it("knows when the shop opens across the spring DST change (EST Saturday, EDT Monday)", () => {
    const status = shopStatusAt(at("2027-03-13T17:00:00Z")); // Saturday noon EST
    expect(status).toMatchObject({ open: false, opensAt: at("2027-03-15T12:00:00Z") }); // Monday 8:00 AM EDT
    expect(shopStatusAt(at("2027-03-15T11:59:00Z")).label).toBe("Closed · opens today at 8:00 AM");
    expect(shopStatusAt(at("2027-03-15T12:00:00Z")).label).toBe("Open now · until 5:00 PM");
  });

  it("knows when the shop opens across the autumn DST change (EDT Friday, EST Monday)", () => {
    expect(shopStatusAt(at("2026-10-30T21:00:00Z"))).toMatchObject({
      open: false,
      label: "Closed · opens Monday at 8:00 AM",
      opensAt: at("2026-11-02T13:00:00Z"), // Monday 8:00 AM EST
    });
    expect(shopStatusAt(at("2026-11-01T05:30:00Z")).label).toBe("Closed · opens tomorrow at 8:00 AM"); // 1:30 AM EDT
    expect(shopStatusAt(at("2026-11-02T12:59:00Z")).label).toBe("Closed · opens today at 8:00 AM");
    expect(shopStatusAt(at("2026-11-02T21:59:00Z")).label).toBe("Open now · until 5:00 PM");
    expect(shopStatusAt(at("2026-11-02T22:00:00Z")).label).toBe("Closed · opens tomorrow at 8:00 AM");
  });

  it("changes next at closing time, opening time, or the shop's midnight, whichever comes first", () => {
    expect(nextStatusChangeAt(at("2026-11-20T21:59:00Z"))).toEqual(at("2026-11-20T22:00:00Z"));
    expect(nextStatusChangeAt(at("2026-11-23T12:00:00Z"))).toEqual(at("2026-11-23T13:00:00Z"));
    // Tuesday 6 PM: "opens tomorrow" becomes "opens today" at midnight.
    expect(nextStatusChangeAt(at("2026-11-24T23:00:00Z"))).toEqual(at("2026-11-25T05:00:00Z"));
  });

  it("turns a shop wall-clock time into the right instant on both sides of DST", () => {
    expect(shopInstant("2026-07-01", { hour: 8, minute: 0 })).toEqual(at("2026-07-01T12:00:00Z"));
    expect(shopInstant("2026-12-01", { hour: 8, minute: 0 })).toEqual(at("2026-12-01T13:00:00Z"));
  });
});

describe("the preferred date of a service request", () => {
  const mondayMorning = at("2026-11-23T15:00:00Z"); // Monday 10:00 AM

  it("runs from the next day the shop opens to 60 days ahead", () => {
    expect(bookingWindow(mondayMorning)).toEqual({ first: "2026-11-24", last: "2027-01-22" });
    // Wednesday: Thursday is Thanksgiving, so Friday is the first day.
    expect(bookingWindow(at("2026-11-25T14:00:00Z")).first).toBe("2026-11-27");
  });

  it.each([
    ["2026-11-24", null],
    ["2026-11-23", "Please choose a day from November 24 on."],
    ["2026-11-28", "We're closed on weekends. Please choose a weekday."],
    ["2026-11-26", "We're closed on November 26 (Thanksgiving Day). Please choose another day."],
    ["2027-01-22", null],
    ["2027-01-25", "Please choose a day within the next 60 days (until January 22)."],
    ["2026-02-30", "Please enter the date as YYYY-MM-DD, or pick it from the calendar."],
    ["11/24/2026", "Please enter the date as YYYY-MM-DD, or pick it from the calendar."],
  ])("%s → %s", (date, problem) => {
    expect(preferredDateProblem(date, mondayMorning)).toBe(problem);
  });
});

describe("closure days", () => {
  it("lists those within the next 60 days, soonest first", () => {
    expect(closuresWithin("2026-11-23", 60).map((closure) => closure.reason)).toEqual([
      "Thanksgiving Day",
      "Christmas Eve",
      "Christmas Day",
      "New Year's Day",
    ]);
  });
});
