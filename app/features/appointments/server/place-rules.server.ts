import { isCalendarDate } from "~/forms/dates";
import type { Refusal } from "~/http/outcome.server";
import { addDays, type CalendarDate, calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";
import { capacityOn, type DayOpenings, formatSlotTime, placesFor } from "../capacity";
import { APPOINTMENT_DAYS_AHEAD, APPOINTMENT_KINDS, type AppointmentKind, NOTE_MAX } from "../vocabulary";
import { type BookingRules, stillAhead } from "./booking-reads.server";

// The rules a place must pass before it is taken (docs/decisions/043): a real date, today up to
// the booking window, an open day, a known kind, one of that day's waiter slots, still ahead. Each
// refusal is a 400 naming its field; the place itself is taken by booking.server.ts.

export const spelled = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });

export type PlaceInput = { date?: unknown; kind?: unknown; time?: unknown };

/**
 * Why a place cannot be booked, in the one outcome shape (docs/decisions/069-one-way-from-outcome-to-answer.md):
 * `invalid` naming its field, `not-found`, or `conflict` with the next days that have room, which
 * the JSON answer sends as `nextDays`. `Day` is `never` for a refusal that offers no days.
 */
export type PlaceRefusal<Day = DayOpenings> = { ok: false; refusal: Refusal & { extra?: { nextDays: Day[] } } };

export type Place = { date: CalendarDate; kind: AppointmentKind; time: string | null; places: number };

/** An `invalid` refusal naming its field (the JSON answer's `fieldErrors`). */
export const refuse = (field: string, message: string): PlaceRefusal<never> => ({
  ok: false,
  refusal: { reason: "invalid", message, fieldErrors: { [field]: [message] } },
});

/** A `conflict`: the place is taken (or the change not allowed now), with the days to offer instead. */
export const noRoom = <Day>(message: string, nextDays: Day[]): PlaceRefusal<Day> => ({
  ok: false,
  refusal: { reason: "conflict", message, extra: { nextDays } },
});

/** The place asked for, or why it cannot be booked (400): a day and kind and time that exist and are ahead. */
export function checkPlace(rules: BookingRules, input: PlaceInput): { ok: true; place: Place } | PlaceRefusal<never> {
  const { date, kind } = input;
  if (!isCalendarDate(date)) return refuse("date", "Give the day as YYYY-MM-DD, a real date.");
  const today = shopWallClock(rules.now).date;
  if (date < today) return refuse("date", `${spelled(date)} has passed. Choose today or a later day.`);
  const last = addDays(today, APPOINTMENT_DAYS_AHEAD);
  if (date > last) {
    return refuse(
      "date",
      `Appointments are booked up to ${APPOINTMENT_DAYS_AHEAD} days ahead (until ${spelled(last)}).`,
    );
  }
  if (typeof kind !== "string" || !(APPOINTMENT_KINDS as readonly string[]).includes(kind)) {
    return refuse("kind", 'The kind must be "drop-off" or "waiter".');
  }
  const theKind = kind as AppointmentKind;
  const day = capacityOn(rules.schedule, rules.capacity, date);
  if (!day) return refuse("date", `The shop is closed on ${spelled(date)}. Choose a day it opens.`);
  const rawTime = input.time;
  let time: string | null = null;
  if (theKind === "waiter") {
    if (typeof rawTime !== "string" || !day.waiterSlots.some((slot) => slot.time === rawTime)) {
      const times = day.waiterSlots.map((slot) => slot.time).join(", ");
      return refuse(
        "time",
        times ? `Choose one of ${spelled(date)}'s waiter slots: ${times}.` : `${spelled(date)} has no waiter slots.`,
      );
    }
    time = rawTime;
  } else if (rawTime !== undefined && rawTime !== null && rawTime !== "") {
    return refuse("time", "A drop-off has no time: leave the time out.");
  }
  const places = placesFor(day, theKind, time);
  if (places === null) return refuse("kind", "The shop takes no drop-offs: choose a waiter slot.");
  if (!stillAhead(rules, date, theKind, time)) {
    return refuse("time", time ? `${formatSlotTime(time)} today has passed.` : "Today's drop-off window has closed.");
  }
  return { ok: true, place: { date, kind: theKind, time, places } };
}

/** A note that passes the text rules: at most NOTE_MAX characters, no control characters. */
export function checkNote(note: unknown): { ok: true; note: string | null } | PlaceRefusal<never> {
  if (note === undefined || note === null) return { ok: true, note: null };
  if (typeof note !== "string") return refuse("note", "The note must be text.");
  // eslint-disable-next-line no-control-regex -- every control character but tab and line feed
  if (/[\u0000-\u0008\u000b-\u001f\u007f-\u009f\u2028\u2029]/.test(note.replace(/\r\n/g, "\n"))) {
    return refuse("note", "The note has characters that cannot be kept.");
  }
  const trimmed = note.trim();
  if (trimmed.length > NOTE_MAX) return refuse("note", `Keep the note to ${NOTE_MAX} characters.`);
  return { ok: true, note: trimmed || null };
}
