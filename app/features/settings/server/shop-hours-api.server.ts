import type { RouterContextProvider } from "react-router";
import { shop } from "~/content/shop";
import { BOOKING_DAYS_AHEAD } from "~/hours/booking-window";
import { twentyFourHour } from "~/hours/opening-hours";
import { shopWallClock } from "~/hours/shop-calendar";
import { closuresWithin, specialHoursWithin } from "~/hours/shop-schedule";
import { isNoticeRunning } from "~/hours/shop-hours";
import { shopStatusAt } from "~/hours/shop-status";
import { getRequestTime } from "../../../http/context.server";
import { WEEKDAY_IDS } from "./settings-schemas.server";
import { getShopSettings, scheduleOf } from "../settings.server";

// GET /api/shop-hours: the shop's hours for other sites and apps, the next 60 days of them.
// Public and the same for everyone: browsers and shared caches may keep it for a minute, which
// is as long as the pages may show old hours after the owner changes them.

export const SHOP_HOURS_MAX_AGE_SECONDS = 60;

const MONDAY_FIRST = [1, 2, 3, 4, 5, 6, 0] as const;

export async function shopHoursResponse(context: Readonly<RouterContextProvider>): Promise<Response> {
  const now = getRequestTime(context);
  const settings = await getShopSettings(context);
  const today = shopWallClock(now).date;
  const schedule = scheduleOf(settings, today);
  const status = shopStatusAt(schedule, now);
  const nextChange = status.open ? status.closesAt : status.opensAt;
  const notice = isNoticeRunning(settings.notice, now) ? settings.notice : null;
  const body = {
    timeZone: shop.timeZone,
    weekly: MONDAY_FIRST.map((weekday) => {
      const hours = schedule.weekly[weekday];
      const day = WEEKDAY_IDS[weekday];
      return hours
        ? { day, opens: twentyFourHour(hours.opens), closes: twentyFourHour(hours.closes) }
        : { day, closed: true };
    }),
    closures: closuresWithin(schedule, today, BOOKING_DAYS_AHEAD),
    specialHours: specialHoursWithin(schedule, today, BOOKING_DAYS_AHEAD).map(({ date, opens, closes, reason }) => ({
      date,
      opens: twentyFourHour(opens),
      closes: twentyFourHour(closes),
      reason,
    })),
    notice: notice ? { text: notice.text, endsAt: notice.endsAt } : null,
    openNow: status.open,
    nextChange: nextChange?.toISOString() ?? null,
  };
  return Response.json(body, { headers: { "Cache-Control": `public, max-age=${SHOP_HOURS_MAX_AGE_SECONDS}` } });
}
