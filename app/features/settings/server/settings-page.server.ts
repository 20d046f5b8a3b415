import type { RouterContextProvider } from "react-router";
import { federalHolidaysOf } from "~/hours/federal-holidays";
import { twentyFourHour } from "~/hours/opening-hours";
import { shopWallClock } from "~/hours/shop-calendar";
import { getRequestTime } from "../../../http/context.server";
import { WEEKDAY_IDS } from "./settings-schemas.server";
import { getShopSettings } from "../settings.server";

// What the settings page shows (/incoming/settings): the owner's settings in the shapes its forms
// take, this year's and next year's federal holidays with their observed days, and the history.

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;
const DAY_LABELS = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"] as const;

/** "2026-11-24T08:00", as a datetime-local input shows the shop's clock. */
function shopLocalDateTime(iso: string): string {
  const { date, minutes } = shopWallClock(new Date(iso));
  return `${date}T${twentyFourHour({ hour: Math.floor(minutes / 60), minute: minutes % 60 })}`;
}

function noticeState(notice: { startsAt: string; endsAt: string }, now: Date): "scheduled" | "running" | "ended" {
  if (now < new Date(notice.startsAt)) return "scheduled";
  return now < new Date(notice.endsAt) ? "running" : "ended";
}

export async function settingsPageData(context: Readonly<RouterContextProvider>) {
  const now = getRequestTime(context);
  const settings = await getShopSettings(context);
  const today = shopWallClock(now).date;
  const year = Number(today.slice(0, 4));
  const holidaysOf = (each: number) =>
    federalHolidaysOf(each).map((holiday) => ({ ...holiday, closed: settings.closedHolidays.includes(holiday.id) }));
  const notice = settings.notice;
  return {
    today,
    latestDate: `${year + 2}${today.slice(4)}`,
    weekly: MONDAY_FIRST.map((weekday) => {
      const hours = settings.weekly[weekday];
      return {
        id: WEEKDAY_IDS[weekday],
        label: DAY_LABELS[weekday],
        closed: !hours,
        opens: hours ? twentyFourHour(hours.opens) : "08:00",
        closes: hours ? twentyFourHour(hours.closes) : "17:00",
      };
    }),
    closures: {
      upcoming: settings.closures.filter((closure) => closure.date >= today),
      past: settings.closures.filter((closure) => closure.date < today).toReversed(),
    },
    specialHours: {
      upcoming: settings.specialHours.filter((entry) => entry.date >= today),
      past: settings.specialHours.filter((entry) => entry.date < today).toReversed(),
    },
    holidays: [
      { year, holidays: holidaysOf(year) },
      { year: year + 1, holidays: holidaysOf(year + 1) },
    ],
    notice: notice
      ? {
          text: notice.text,
          startsAt: shopLocalDateTime(notice.startsAt),
          endsAt: shopLocalDateTime(notice.endsAt),
          state: noticeState(notice, now),
        }
      : null,
  };
}

export type SettingsPageData = Awaited<ReturnType<typeof settingsPageData>>;
