import { BOOKING_DAYS_AHEAD } from "./booking-window";
import { openingHoursRows, type OpeningHoursRow } from "./opening-hours";
import { shopWallClock } from "./shop-calendar";
import {
  type ClosureDay,
  closuresWithin,
  type ShopSchedule,
  type SpecialHours,
  scheduleWithin,
  specialHoursWithin,
} from "./shop-schedule";
import { shopStatusAt } from "./shop-status";

/** The owner's notice for the site, shown at the top of every public page while it runs. */
export type SiteNotice = { text: string; startsAt: string; endsAt: string };

/** What the pages show about the shop's hours at one instant. */
export type ShopHours = {
  status: { open: boolean; label: string };
  /** The weekly hours as the footer and the contact page print them. */
  weekly: OpeningHoursRow[];
  /** Closure days from today through the booking window, soonest first. */
  closures: ClosureDay[];
  /** Special hours from today through the booking window, soonest first. */
  specialHours: SpecialHours[];
  /** The notice, only while it runs. */
  notice: SiteNotice | null;
  /** The schedule through the booking window: what the service request's date rules need in the browser. */
  schedule: ShopSchedule;
  /** The year in the shop's calendar (the footer's copyright line). */
  year: number;
};

export function isNoticeRunning(notice: SiteNotice | null, now: Date): notice is SiteNotice {
  return !!notice && Date.parse(notice.startsAt) <= now.getTime() && now.getTime() < Date.parse(notice.endsAt);
}

/** Computed once per request by the root loader (app/root.tsx), with the request's time. */
export function shopHoursAt(schedule: ShopSchedule, notice: SiteNotice | null, now: Date): ShopHours {
  const { open, label } = shopStatusAt(schedule, now);
  const today = shopWallClock(now).date;
  return {
    status: { open, label },
    weekly: openingHoursRows(schedule.weekly),
    closures: closuresWithin(schedule, today, BOOKING_DAYS_AHEAD),
    specialHours: specialHoursWithin(schedule, today, BOOKING_DAYS_AHEAD),
    notice: isNoticeRunning(notice, now) ? notice : null,
    schedule: scheduleWithin(schedule, today, BOOKING_DAYS_AHEAD + 1),
    year: Number(today.slice(0, 4)),
  };
}
