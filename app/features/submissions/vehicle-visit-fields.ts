import { optionalChoice, optionalText, wholeNumber } from "../../forms/fields";
import { calendarDateField } from "../../forms/dates";
import { preferredTime, visitType } from "~/content/vehicle-visit";
import { bookingWindow, preferredDateProblem } from "~/hours/booking-window";
import { shopWallClock } from "~/hours/shop-calendar";
import type { ShopSchedule } from "~/hours/shop-schedule";

// The service request's optional fields: the vehicle, and when and how the visitor would like to
// come in. Each may be left out; the JSON API also takes null for "not given". An HTML form
// sends numbers as text, the JSON API as numbers: both are accepted.

export const OLDEST_MODEL_YEAR = 1980;
const VEHICLE_TEXT_MAX = 40;
export const MILEAGE_MAX = 999_999;

/** Model years run a year ahead of the calendar: next year's cars are sold from the autumn. */
export function newestModelYear(now: Date): number {
  return Number(shopWallClock(now).date.slice(0, 4)) + 1;
}

export const modelYearField = (now: Date) => {
  const newest = newestModelYear(now);
  return wholeNumber({
    digits: /^\d{4}$/,
    min: OLDEST_MODEL_YEAR,
    max: newest,
    message: `Please choose a model year from ${OLDEST_MODEL_YEAR} to ${newest}.`,
  }).nullish();
};

export const mileageField = wholeNumber({
  digits: /^\d{1,3}(?:,?\d{3})?$/,
  min: 0,
  max: MILEAGE_MAX,
  message: `Please enter the mileage as a whole number from 0 to ${MILEAGE_MAX.toLocaleString("en-US")}.`,
}).nullish();

/** Make or model: free text (the datalist only suggests), with the text rules of every field. */
export const vehicleTextField = (label: "make" | "model") =>
  optionalText({
    max: VEHICLE_TEXT_MAX,
    tooLong: `The ${label} can be at most ${VEHICLE_TEXT_MAX} characters.`,
    subject: `The ${label}`,
  });

/** A day the shop is open, from the next one to 60 days ahead, as of `now` (see app/hours/booking-window.ts). */
export const preferredDateField = (schedule: ShopSchedule, now: Date) =>
  calendarDateField({ format: "Please enter the date as YYYY-MM-DD, or pick it from the calendar." })
    .superRefine((date, context) => {
      const problem = preferredDateProblem(schedule, date, now);
      if (problem) context.addIssue({ code: "custom", message: problem });
    })
    .nullish();

export const preferredTimeField = optionalChoice(preferredTime, "Please choose morning, afternoon or any time.");

export const visitTypeField = optionalChoice(visitType, "Please choose whether you'll wait or drop the car off.");

/**
 * The bounds that move with the day, as HTML wants them: the year select's range and the date
 * input's `min` and `max` (the schema above refuses the same, with a message).
 */
export function serviceRequestBoundsAt(schedule: ShopSchedule, now: Date) {
  const { first, last } = bookingWindow(schedule, now);
  return {
    vehicleYear: { min: OLDEST_MODEL_YEAR, max: newestModelYear(now) },
    preferredDate: { min: first, max: last },
  };
}
