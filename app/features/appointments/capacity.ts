import { isClockTime } from "~/forms/dates";
import { wholeNumber } from "~/forms/fields";
import { z } from "~/forms/zod";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import type { CalendarDate } from "~/hours/shop-calendar";
import {
  type AppointmentKind,
  type Capacity,
  MAX_DROP_OFFS,
  MAX_SLOT_PLACES,
  MAX_WAITER_SLOTS,
  type WaiterSlot,
} from "./vocabulary";

// What one day can take, from the owner's capacity and the shop's calendar: a day the shop is
// closed (weekly hours, a closure, a holiday) takes nothing; a waiter slot outside that day's hours
// does not exist that day. Pure functions: the server, the pages and the tests read the same rules.

export const minutesOfTime = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** What a day holds: its drop-off places and its waiter slots, or null when the shop is closed. */
export type DayCapacity = { date: CalendarDate; dropOffs: number; waiterSlots: WaiterSlot[] };

export function capacityOn(schedule: ShopSchedule, capacity: Capacity, date: CalendarDate): DayCapacity | null {
  const day = hoursOn(schedule, date);
  if (!day.open) return null;
  const opens = day.opens.hour * 60 + day.opens.minute;
  const closes = day.closes.hour * 60 + day.closes.minute;
  const waiterSlots = capacity.waiterSlots.filter((slot) => {
    const at = minutesOfTime(slot.time);
    return at >= opens && at < closes;
  });
  return { date, dropOffs: capacity.dropOffsPerDay, waiterSlots };
}

/** The places a booking of `kind` (at `time`, for a waiter) has on that day; null when there is no such place. */
export function placesFor(day: DayCapacity | null, kind: AppointmentKind, time: string | null): number | null {
  if (!day) return null;
  if (kind === "drop-off") return time === null && day.dropOffs > 0 ? day.dropOffs : null;
  const slot = day.waiterSlots.find((entry) => entry.time === time);
  return slot ? slot.places : null;
}

/** Booked places by day: `drop-off` and `waiter HH:MM` keys, live appointments only. */
export type BookedCounts = Map<CalendarDate, Map<string, number>>;

export const slotKey = (kind: AppointmentKind, time: string | null) => (kind === "waiter" ? `waiter ${time}` : kind);

/** One place staff or a customer may choose: a day's drop-off or one of its waiter slots, with what is left. */
export type Opening = { kind: AppointmentKind; time: string | null; places: number; used: number; free: number };

export type DayOpenings = { date: CalendarDate; openings: Opening[] };

/** Every place a day has with its use, full ones included (the calendar shows those too). */
export function openingsOn(day: DayCapacity, booked: Map<string, number> | undefined): Opening[] {
  const count = (kind: AppointmentKind, time: string | null) => booked?.get(slotKey(kind, time)) ?? 0;
  const entries: { kind: AppointmentKind; time: string | null; places: number }[] = [
    ...(day.dropOffs > 0 ? [{ kind: "drop-off" as const, time: null, places: day.dropOffs }] : []),
    ...day.waiterSlots.map((slot) => ({ kind: "waiter" as const, time: slot.time, places: slot.places })),
  ];
  return entries.map((entry) => {
    const used = count(entry.kind, entry.time);
    return { ...entry, used, free: Math.max(0, entry.places - used) };
  });
}

// ------------------------------------------------------------------------------------------------
// What an owner may send: the settings page's form and PUT /api/settings/capacity alike.

const slotSchema = z.object({
  time: z
    .string({ error: "Give each waiter slot a time as HH:MM, for example 08:00." })
    .trim()
    .refine(isClockTime, "Give each waiter slot a time as HH:MM, for example 08:00."),
  places: wholeNumber({
    digits: /^\d{1,4}$/,
    min: 1,
    max: MAX_SLOT_PLACES,
    message: `Give each waiter slot a whole number of places from 1 to ${MAX_SLOT_PLACES}.`,
  }),
});

export const capacitySchema = z.object({
  dropOffsPerDay: wholeNumber({
    digits: /^\d{1,4}$/,
    min: 0,
    max: MAX_DROP_OFFS,
    message: `Give the drop-offs a day as a whole number from 0 to ${MAX_DROP_OFFS}.`,
  }),
  waiterSlots: z
    .array(slotSchema, { error: "Send waiterSlots as a list of { time, places }." })
    .max(MAX_WAITER_SLOTS, `At most ${MAX_WAITER_SLOTS} waiter slots.`)
    .refine(
      (slots) => new Set(slots.map((slot) => slot.time)).size === slots.length,
      "Each waiter slot needs a time of its own.",
    )
    .transform((slots) => slots.toSorted((a, b) => a.time.localeCompare(b.time))),
  /** How long before the time a customer may still change it; optional, kept when absent. */
  changeCutoffMinutes: wholeNumber({
    digits: /^\d{1,5}$/,
    min: 0,
    max: 10_080,
    message: "Give the cut-off in whole minutes, from 0 to 10080 (a week).",
  }).optional(),
});

export type CapacityInput = z.infer<typeof capacitySchema>;

/** "8:00 AM" from "08:00". */
export function formatSlotTime(time: string): string {
  const hour = Number(time.slice(0, 2));
  const hour12 = hour % 12 === 0 ? 12 : hour % 12;
  return `${hour12}:${time.slice(3, 5)} ${hour < 12 ? "AM" : "PM"}`;
}

/** What a form's select sends for a place: "2026-12-01|drop-off|" or "2026-12-01|waiter|08:00". */
export const placeOptionValue = (date: string, kind: string, time: string | null) => `${date}|${kind}|${time ?? ""}`;

export function parsePlaceValue(value: unknown) {
  const [date, kind, time] = typeof value === "string" ? value.split("|") : [];
  return { date: date ?? "", kind: kind ?? "", time: time === undefined || time === "" ? null : time };
}
