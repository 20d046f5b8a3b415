import type { ClockTime } from "~/content/hours";
import { type CalendarDate, shopInstant } from "~/hours/shop-calendar";
import { z } from "./zod";

// The one rule for every date and time that comes in, from a form, a JSON body, a query string or
// an address (docs/decisions/060-one-date-rule.md): a day is `YYYY-MM-DD` and a day of the
// calendar (zod's ISO date, which knows month lengths and leap years: not 2027-13-01, 2027-02-29 or
// 2027-04-31), in the years 2000 to 2099; a clock time is `HH:MM`, 00-23 and 00-59; a date-time is
// both, or ISO 8601 with its offset. Nothing here builds a Date from a text it has not checked
// (`new Date("2027-13-01")` is an Invalid Date whose toISOString throws: a 500), and nothing rolls
// over (2026-02-31 is no March 3rd, T25:00 no 01:00 the next day). Each check answers a 400
// naming the field, whatever door the value came through.

/** The first and the last day any date that comes in may name: older or later is a typing slip or a probe. */
export const EARLIEST_DATE = "2000-01-01";
export const LATEST_DATE = "2099-12-31";

const DATE_SHAPE = /^\d{4}-\d{2}-\d{2}$/;
const ISO_DATE = z.iso.date();
const CLOCK_TIME = /^([01]\d|2[0-3]):([0-5]\d)$/;
/** A time input may send seconds ("08:30:00"); only whole minutes are taken. */
const CLOCK_TIME_WITH_SECONDS = /^([01]\d|2[0-3]):([0-5]\d)(?::00)?$/;
const LOCAL_DATE_TIME = /^(\d{4}-\d{2}-\d{2})T(\d{2}:\d{2})$/;
const ISO_INSTANT = z.iso.datetime({ offset: true });

/** Whether `text` is a day of the calendar, as YYYY-MM-DD, from EARLIEST_DATE to LATEST_DATE. */
export function isCalendarDate(text: unknown): text is CalendarDate {
  return typeof text === "string" && ISO_DATE.safeParse(text).success && text >= EARLIEST_DATE && text <= LATEST_DATE;
}

/** Whether `text` is a time of day as HH:MM (00:00 to 23:59). */
export function isClockTime(text: unknown): text is string {
  return typeof text === "string" && CLOCK_TIME.test(text);
}

/** "08:30" (or "08:30:00") as a clock time; only for a text `isClockTime` or a clock field took. */
export function parseClockTime(text: string): ClockTime {
  const match = CLOCK_TIME_WITH_SECONDS.exec(text);
  return { hour: Number(match?.[1] ?? 0), minute: Number(match?.[2] ?? 0) };
}

const YEARS = `${EARLIEST_DATE.slice(0, 4)} to ${LATEST_DATE.slice(0, 4)}`;

type DateMessages = {
  /** Absent, not text, or not YYYY-MM-DD. */
  format: string;
  /** YYYY-MM-DD but no day of the calendar (2027-02-29); the format's message when not given. */
  notADay?: string;
};

/** A day as YYYY-MM-DD (trimmed), a day of the calendar in the years this app takes. */
export function calendarDateField({ format, notADay = format }: DateMessages) {
  return z
    .string({ error: format })
    .trim()
    .regex(DATE_SHAPE, { error: format, abort: true })
    .refine((text) => ISO_DATE.safeParse(text).success, { error: notADay, abort: true })
    .refine(isCalendarDate, { error: `Please choose a date in the years ${YEARS}.`, abort: true });
}

/** A time of day as HH:MM (a time input's HH:MM:00 too), as a clock time. */
export function clockTimeField(message: string) {
  return z.string({ error: message }).trim().regex(CLOCK_TIME_WITH_SECONDS, message).transform(parseClockTime);
}

/** The instant the shop's clock shows `time` (HH:MM) on `date` (YYYY-MM-DD), or null unless both are real. */
export function shopDateTime(date: string, time: string): Date | null {
  return isCalendarDate(date) && isClockTime(time) ? shopInstant(date, parseClockTime(time)) : null;
}

/**
 * An instant, as ISO 8601 with its offset (`2026-12-01T15:00:00Z`) or, unless `wallClock` is
 * false, as the shop's wall clock (`YYYY-MM-DDTHH:MM`, what a date-time input sends), each with a
 * day and a time that exist.
 */
export function instantField({
  format,
  notATime,
  wallClock = true,
}: {
  format: string;
  notATime: string;
  wallClock?: boolean;
}) {
  return z
    .string({ error: format })
    .trim()
    .transform((text, context) => {
      const local = wallClock ? LOCAL_DATE_TIME.exec(text) : null;
      const instant = local
        ? shopDateTime(local[1]!, local[2]!)
        : ISO_INSTANT.safeParse(text).success && isCalendarDate(text.slice(0, 10))
          ? new Date(text)
          : null;
      if (instant && !Number.isNaN(instant.getTime())) return instant;
      context.addIssue({ code: "custom", message: local || DATE_SHAPE.test(text.slice(0, 10)) ? notATime : format });
      return z.NEVER;
    });
}
