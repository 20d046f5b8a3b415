import type { ClockTime, WeeklyHours } from "~/content/hours";
import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { federalHolidayIds } from "~/hours/federal-holidays";
import { calendarDateField, clockTimeField, instantField } from "~/forms/dates";
import { calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";

// What the owner may send from the settings page and the owners' API: one schema per change, the
// same for a posted form (conform's field names, `weekly[1].opens`) and a JSON body.

export const WEEKDAY_IDS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"] as const;
export type WeekdayId = (typeof WEEKDAY_IDS)[number];

export const REASON_MAX = 80;
export const NOTICE_MAX = 200;

const timeField = (label: string) => clockTimeField(`Please enter the ${label} time as HH:MM, for example 08:00.`);

/** A ticked checkbox sends "on"; JSON sends true. */
const flag = z
  .union([z.boolean(), z.literal("on")], { error: "Please send true or false." })
  .optional()
  .transform((value) => value === true || value === "on");

const reasonField = requiredText({
  missing: "Please say why, in a few words visitors will read (for example: Closed for snow).",
  max: REASON_MAX,
  tooLong: `Please keep the reason to ${REASON_MAX} characters.`,
  subject: "The reason",
});

const minutes = (time: ClockTime) => time.hour * 60 + time.minute;

const spelled = calendarDateFormat({ month: "long", day: "numeric", year: "numeric" });

/** A date from today to two years ahead, in the shop's calendar. */
function upcomingDateField(now: Date) {
  const today = shopWallClock(now).date;
  const latest = `${Number(today.slice(0, 4)) + 2}${today.slice(4)}`;
  return calendarDateField({
    format: "Please enter the date as YYYY-MM-DD, or pick it from the calendar.",
    notADay: "That date does not exist.",
  })
    .refine((date) => date >= today, "That date has passed. Please choose today or a later day.")
    .refine((date) => date <= latest, `Please choose a date up to two years ahead (until ${spelled(latest)}).`);
}

const dayEntry = z
  .object({
    day: z.enum(WEEKDAY_IDS, { error: "Please name the day: monday, tuesday … sunday." }),
    closed: flag,
    opens: z.string().optional(),
    closes: z.string().optional(),
  })
  .transform((entry, context) => {
    if (entry.closed) return { day: entry.day, hours: null };
    const opens = timeField("opening").safeParse(entry.opens);
    const closes = timeField("closing").safeParse(entry.closes);
    if (!opens.success) context.addIssue({ code: "custom", path: ["opens"], message: opens.error.issues[0]?.message });
    if (!closes.success) {
      context.addIssue({ code: "custom", path: ["closes"], message: closes.error.issues[0]?.message });
    }
    if (!opens.success || !closes.success) return z.NEVER;
    if (minutes(closes.data) <= minutes(opens.data)) {
      context.addIssue({
        code: "custom",
        path: ["closes"],
        message: "The closing time must be after the opening time.",
      });
      return z.NEVER;
    }
    return { day: entry.day, hours: { opens: opens.data, closes: closes.data } };
  });

export const weeklyHoursSchema = z
  .object({
    weekly: z.array(dayEntry, { error: "Please send the hours of each of the seven days." }),
    confirmNoOpenDay: flag,
  })
  .transform(({ weekly, confirmNoOpenDay }, context) => {
    const hours = WEEKDAY_IDS.map((id) => weekly.filter((entry) => entry.day === id));
    if (weekly.length !== 7 || hours.some((entries) => entries.length !== 1)) {
      context.addIssue({ code: "custom", path: ["weekly"], message: "Please give each of the seven days once." });
      return z.NEVER;
    }
    const week = hours.map((entries) => entries[0]?.hours ?? null) as unknown as WeeklyHours;
    if (!confirmNoOpenDay && week.every((day) => day === null)) {
      context.addIssue({
        code: "custom",
        path: ["confirmNoOpenDay"],
        message: "With every day closed, the shop would never be open. Tick the box to confirm that.",
      });
      return z.NEVER;
    }
    return week;
  });

export const closureSchemaAt = (now: Date) => z.object({ date: upcomingDateField(now), reason: reasonField });

export const specialHoursSchemaAt = (now: Date) =>
  z
    .object({
      date: upcomingDateField(now),
      opens: timeField("opening"),
      closes: timeField("closing"),
      reason: reasonField,
    })
    .refine((entry) => minutes(entry.closes) > minutes(entry.opens), {
      path: ["closes"],
      message: "The closing time must be after the opening time.",
    });

export const holidaysSchema = z.object({
  closed: z
    .preprocess(
      (value) => (value === undefined ? [] : typeof value === "string" ? [value] : value),
      z.array(z.enum(federalHolidayIds, { error: "That is not one of the federal holidays listed." })),
    )
    .transform((ids) => federalHolidayIds.filter((id) => ids.includes(id))),
});

/** An instant: ISO 8601 with its offset, or the shop's wall clock as a date-time input sends it. */
const instantFieldFor = (label: string) =>
  instantField({
    format: `Please enter the ${label} as a date and time.`,
    notATime: `That ${label} time does not exist. Please check the day, the hour (00-23) and the minutes (00-59).`,
  });

export const noticeSchemaAt = (now: Date) =>
  z
    .object({
      text: requiredText({
        missing: "Please write the notice visitors will read.",
        max: NOTICE_MAX,
        tooLong: `Please keep the notice to ${NOTICE_MAX} characters.`,
        subject: "The notice",
      }),
      startsAt: instantFieldFor("start"),
      endsAt: instantFieldFor("end"),
    })
    .superRefine((notice, context) => {
      if (notice.endsAt <= notice.startsAt) {
        context.addIssue({ code: "custom", path: ["endsAt"], message: "The notice must end after it starts." });
      } else if (notice.endsAt <= now) {
        context.addIssue({ code: "custom", path: ["endsAt"], message: "That end time has passed." });
      }
    });

export type ClosureInput = z.infer<ReturnType<typeof closureSchemaAt>>;
export type SpecialHoursInput = z.infer<ReturnType<typeof specialHoursSchemaAt>>;
export type NoticeInput = z.infer<ReturnType<typeof noticeSchemaAt>>;
