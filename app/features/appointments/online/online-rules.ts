import { wholeNumber } from "~/forms/fields";
import { z } from "~/forms/zod";

// The owner's rules for online booking at /book (docs/decisions/064): off until turned on; the share
// of each day's drop-off places and of each waiter slot's places that online bookings may take
// (rounded down: staff may still book the rest), how long ahead a booking must be made (notice)
// and how far ahead it may be (horizon), and whether an online booking is confirmed at once or
// waits for staff. One schema for the Settings page's form and PUT /api/settings/online-booking.

export const ONLINE_MODES = ["confirm", "request"] as const;
export type OnlineMode = (typeof ONLINE_MODES)[number];

export type OnlineBookingRules = {
  enabled: boolean;
  onlineShare: number;
  minNoticeHours: number;
  horizonDays: number;
  mode: OnlineMode;
};

export const defaultOnlineBookingRules: OnlineBookingRules = {
  enabled: false,
  onlineShare: 50,
  minNoticeHours: 12,
  horizonDays: 30,
  mode: "confirm",
};

/** The notice at most: a week. The horizon: the staff's own booking window (60 days). */
export const MAX_NOTICE_HOURS = 168;
export const MAX_HORIZON_DAYS = 60;

export const onlineBookingSchema = z
  .object({
    enabled: z.boolean({ error: "enabled must be true or false." }),
    onlineShare: wholeNumber({
      digits: /^\d{1,3}$/,
      min: 0,
      max: 100,
      message: "Give the online share as a whole percentage from 0 to 100.",
    }),
    minNoticeHours: wholeNumber({
      digits: /^\d{1,3}$/,
      min: 0,
      max: MAX_NOTICE_HOURS,
      message: `Give the minimum notice in whole hours, from 0 to ${MAX_NOTICE_HOURS}.`,
    }),
    horizonDays: wholeNumber({
      digits: /^\d{1,2}$/,
      min: 1,
      max: MAX_HORIZON_DAYS,
      message: `Give the horizon in whole days, from 1 to ${MAX_HORIZON_DAYS}.`,
    }),
    mode: z.enum(ONLINE_MODES, { error: 'The mode must be "confirm" or "request".' }),
  })
  .strict();

/** The places of a day's drop-off or of one waiter slot that online bookings may take, rounded down. */
export const onlinePlaces = (places: number, share: number) => Math.floor((places * share) / 100);

/** "Online booking is on: 50% of places, 12 hours' notice, up to 30 days ahead, confirmed at once." */
export function describeOnlineBooking(rules: OnlineBookingRules): string {
  if (!rules.enabled) return "Online booking is off";
  const mode = rules.mode === "confirm" ? "confirmed at once" : "waiting for staff to confirm";
  return `Online booking is on: ${rules.onlineShare}% of places, ${rules.minNoticeHours} hours' notice, up to ${rules.horizonDays} days ahead, ${mode}`;
}
