import type { ClosureDay } from "~/content/hours";
import { BOOKING_DAYS_AHEAD } from "./booking-window";
import { closuresWithin, shopWallClock } from "./shop-calendar";
import { shopStatusAt } from "./shop-status";

/** What the pages show about the shop's hours at one instant: the open-now line and the closures ahead. */
export type ShopHours = {
  status: { open: boolean; label: string };
  /** Closure days from today through the booking window, soonest first. */
  closures: ClosureDay[];
  /** The year in the shop's calendar (the footer's copyright line). */
  year: number;
};

/** Computed once per request by the root loader (app/root.tsx), with the request's time. */
export function shopHoursAt(now: Date): ShopHours {
  const { open, label } = shopStatusAt(now);
  const today = shopWallClock(now).date;
  return {
    status: { open, label },
    closures: closuresWithin(today, BOOKING_DAYS_AHEAD),
    year: Number(today.slice(0, 4)),
  };
}
