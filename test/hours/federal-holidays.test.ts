import { describe, expect, it } from "vitest";
import { federalHolidaysObservedBetween, federalHolidaysOf, holidayClosureReason } from "~/hours/federal-holidays";

// The federal holidays by rule, with the days they are observed (the days off), as OPM lists them.
const observed: Record<number, string[]> = {
  2026: [
    "2026-01-01",
    "2026-01-19",
    "2026-02-16",
    "2026-05-25",
    "2026-06-19",
    "2026-07-03", // Independence Day on a Saturday: the Friday before
    "2026-09-07",
    "2026-10-12",
    "2026-11-11",
    "2026-11-26",
    "2026-12-25",
  ],
  2027: [
    "2027-01-01",
    "2027-01-18",
    "2027-02-15",
    "2027-05-31",
    "2027-06-18", // Juneteenth on a Saturday
    "2027-07-05", // Independence Day on a Sunday: the Monday after
    "2027-09-06",
    "2027-10-11",
    "2027-11-11",
    "2027-11-25",
    "2027-12-24", // Christmas Day on a Saturday
  ],
  2028: [
    "2027-12-31", // New Year's Day 2028 on a Saturday: observed in the year before
    "2028-01-17",
    "2028-02-21",
    "2028-05-29",
    "2028-06-19",
    "2028-07-04",
    "2028-09-04",
    "2028-10-09",
    "2028-11-10", // Veterans Day on a Saturday
    "2028-11-23",
    "2028-12-25",
  ],
  2029: [
    "2029-01-01",
    "2029-01-15",
    "2029-02-19",
    "2029-05-28",
    "2029-06-19",
    "2029-07-04",
    "2029-09-03",
    "2029-10-08",
    "2029-11-12", // Veterans Day on a Sunday
    "2029-11-22",
    "2029-12-25",
  ],
  2030: [
    "2030-01-01",
    "2030-01-21",
    "2030-02-18",
    "2030-05-27",
    "2030-06-19",
    "2030-07-04",
    "2030-09-02",
    "2030-10-14",
    "2030-11-11",
    "2030-11-28",
    "2030-12-25",
  ],
};

describe("the federal holidays by rule", () => {
  it.each([2026, 2027, 2028, 2029, 2030])("are observed on the right days in %i", (year) => {
    expect(federalHolidaysOf(year).map((holiday) => holiday.observed)).toEqual(observed[year]);
  });

  it("moves Independence Day 2026 (a Saturday) to Friday, July 3, and says so", () => {
    const day = federalHolidaysOf(2026).find((holiday) => holiday.id === "independence-day");
    expect(day).toMatchObject({ date: "2026-07-04", observed: "2026-07-03" });
    expect(day && holidayClosureReason(day)).toBe("Independence Day (observed)");
  });

  it("moves Christmas 2027 (a Saturday) to Friday, December 24", () => {
    const day = federalHolidaysOf(2027).find((holiday) => holiday.id === "christmas-day");
    expect(day).toMatchObject({ date: "2027-12-25", observed: "2027-12-24" });
    expect(day && holidayClosureReason(day)).toBe("Christmas Day (observed)");
  });

  it("finds the days off between two dates, the next year's New Year's Day on December 31 included", () => {
    const days = federalHolidaysObservedBetween("2027-12-01", "2027-12-31");
    expect(days.map((holiday) => [holiday.observed, holiday.name])).toEqual([
      ["2027-12-24", "Christmas Day"],
      ["2027-12-31", "New Year's Day"],
    ]);
  });
});
