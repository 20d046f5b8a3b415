import { appointmentSettings } from "~/db/schema/appointments";
import type { RouterContextProvider } from "react-router";
import { getShopSchedule, readScheduleFrom } from "~/features/settings/settings.server";
import { shopWallClock } from "~/hours/shop-calendar";
import { getEnv, getRequestTime } from "~/http/context.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { type CapacityInput, formatSlotTime } from "../../capacity";
import { type Capacity, defaultCapacity } from "../../vocabulary";
import type { BookingRules } from "../booking-reads.server";
import { readSettingsColumns, saveSettingsColumns } from "./settings-row.server";

// The owner's capacity as stored (migration 0025), one row; until an owner saves it, no
// appointment can be booked (0 drop-offs, no waiter slots).

export async function readCapacity(env: Pick<AppEnv, "DB">): Promise<Capacity> {
  const row = await readSettingsColumns(env, {
    dropOffsPerDay: appointmentSettings.dropOffsPerDay,
    waiterSlots: appointmentSettings.waiterSlots,
    changeCutoffMinutes: appointmentSettings.changeCutoffMinutes,
  });
  if (!row) return defaultCapacity;
  return row;
}

/** The schedule and the capacity, read straight from D1 (for the queue, the cron and a new request). */
export async function readBookingRules(env: Pick<AppEnv, "DB">, now: Date): Promise<BookingRules> {
  const [schedule, capacity] = await Promise.all([readScheduleFrom(env, shopWallClock(now).date), readCapacity(env)]);
  return { schedule, capacity, now };
}

/** In words, for the owner's toast and the audit log: "8 drop-offs a day; waiters at 8:00 AM (2), 1:00 PM (1)". */
export function describeCapacity(capacity: Omit<Capacity, "changeCutoffMinutes">): string {
  const waiters = capacity.waiterSlots.length
    ? `waiters at ${capacity.waiterSlots.map((slot) => `${formatSlotTime(slot.time)} (${slot.places})`).join(", ")}`
    : "no waiter slots";
  return `${capacity.dropOffsPerDay} drop-off${capacity.dropOffsPerDay === 1 ? "" : "s"} a day; ${waiters}`;
}

/** Stores the capacity (the cut-off kept when not given) and audits it; returns what is now set. */
export async function saveCapacity(env: AppEnv, input: CapacityInput, acting: Acting): Promise<Capacity> {
  const values = {
    dropOffsPerDay: input.dropOffsPerDay,
    waiterSlots: input.waiterSlots,
    ...(input.changeCutoffMinutes !== undefined ? { changeCutoffMinutes: input.changeCutoffMinutes } : {}),
  };
  const saved: Capacity = { ...(await readCapacity(env)), ...values };
  await saveSettingsColumns(env, values, acting, {
    action: "settings.capacity",
    target: "capacity",
    detail: { capacity: describeCapacity(saved), changeCutoffMinutes: saved.changeCutoffMinutes },
  });
  return saved;
}

/** The schedule and the capacity at the request's time (the settings read once per request). */
export async function bookingRulesFor(context: Readonly<RouterContextProvider>): Promise<BookingRules> {
  const now = getRequestTime(context);
  const [schedule, capacity] = await Promise.all([getShopSchedule(context, now), readCapacity(getEnv(context))]);
  return { schedule, capacity, now };
}
