import { addDays, type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import { appointmentStart, type BookingRules } from "../booking-reads.server";
import { type AppointmentKind } from "../../vocabulary";
import { capacityOn, slotKey } from "../../capacity";
import { onlinePlaces, type OnlineBookingRules } from "../../online/online-rules";

// What can be booked online now (docs/decisions/064): the days the shop opens (weekly hours,
// closures, holidays, special hours), from the first place that starts after the minimum notice
// to today + the horizon, each place with what is left of its online share. A place's start is
// an instant (shopInstant), so the notice is counted in real hours across a daylight-saving change.

/** Live appointments per day and place: all of them, and those booked online. */
export type OnlineCounts = Map<CalendarDate, Map<string, { all: number; online: number }>>;

export type OnlineDay = { date: CalendarDate; dropOff: { free: number }; waiter: { time: string; free: number }[] };

/** The last day online booking reaches from `now`. */
export const onlineHorizon = (online: OnlineBookingRules, now: Date) =>
  addDays(shopWallClock(now).date, online.horizonDays);

/** The instant a place must start after to be booked online. */
export const onlineNotBefore = (online: OnlineBookingRules, now: Date) =>
  new Date(now.getTime() + online.minNoticeHours * 3_600_000);

/** What a place has left online: its online share less online bookings, and never more than it has left. */
export function onlineFree(places: number, share: number, used: { all: number; online: number } | undefined) {
  const all = used?.all ?? 0;
  const online = used?.online ?? 0;
  return Math.max(0, Math.min(onlinePlaces(places, share) - online, places - all));
}

/** One day's online openings (places with nothing left online included, at 0), or null when none can be booked. */
export function onlineDay(
  rules: BookingRules,
  online: OnlineBookingRules,
  counts: OnlineCounts,
  date: CalendarDate,
): {
  date: CalendarDate;
  dropOff: { places: number; free: number } | null;
  waiter: { time: string; places: number; free: number }[];
} | null {
  if (!online.enabled) return null;
  if (date < shopWallClock(rules.now).date || date > onlineHorizon(online, rules.now)) return null;
  const day = capacityOn(rules.schedule, rules.capacity, date);
  if (!day) return null;
  const notBefore = onlineNotBefore(online, rules.now).getTime();
  const used = counts.get(date);
  const bookable = (kind: AppointmentKind, time: string | null) =>
    appointmentStart(rules.schedule, { date, time }).getTime() > notBefore && (kind === "waiter" || day.dropOffs > 0);
  const dropOff = bookable("drop-off", null)
    ? { places: day.dropOffs, free: onlineFree(day.dropOffs, online.onlineShare, used?.get(slotKey("drop-off", null))) }
    : null;
  const waiter = day.waiterSlots
    .filter((slot) => bookable("waiter", slot.time))
    .map((slot) => ({
      time: slot.time,
      places: slot.places,
      free: onlineFree(slot.places, online.onlineShare, used?.get(slotKey("waiter", slot.time))),
    }));
  return { date, dropOff, waiter };
}

/** The days from `from` to `to` with a place left online, each with only the places that have one. */
export function onlineOpenings(
  rules: BookingRules,
  online: OnlineBookingRules,
  counts: OnlineCounts,
  from: CalendarDate,
  to: CalendarDate,
): OnlineDay[] {
  const days: OnlineDay[] = [];
  for (let date = from; date <= to; date = addDays(date, 1)) {
    const day = onlineDay(rules, online, counts, date);
    if (!day) continue;
    const dropOff = { free: day.dropOff?.free ?? 0 };
    const waiter = day.waiter.filter((slot) => slot.free > 0).map(({ time, free }) => ({ time, free }));
    if (dropOff.free > 0 || waiter.length) days.push({ date, dropOff, waiter });
  }
  return days;
}
