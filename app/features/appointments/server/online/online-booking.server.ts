import { type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { getDb } from "~/db/db.server";
import { appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { addDays, type CalendarDate } from "~/hours/shop-calendar";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { onlinePlaces, type OnlineBookingRules } from "../../online/online-rules";
import { type BookingRules, startsAfter, toView } from "../booking-reads.server";
import { bookingStatements, placeHasRoom } from "../booking-statements.server";
import { whenInWords } from "../mail/appointment-mail.server";
import { checkPlace, noRoom, type Place, type PlaceRefusal, refuse, spelled } from "../place-rules.server";
import { readBookingRules } from "../settings/capacity-settings.server";
import { onlineCounts } from "./availability.server";
import { onlineDay, type OnlineDay, onlineHorizon, onlineNotBefore, onlineOpenings } from "./online-openings.server";
import { readOnlineBookingRules } from "./online-settings.server";

// A visitor's own booking at /book or POST /api/bookings (docs/decisions/064): the staff's rules
// for a place (checkPlace), then the owner's online rules (notice, horizon, share), then the one
// booking's statements, whose conditional inserts (the visitor's request, then the appointment) also
// require a place left in the online share, so however many visitors race for the last online place,
// one gets it and the others write nothing.

/** Who booked it, as the record's history, the appointment and the audit log name them. */
export const ONLINE_ACTOR = { id: null, name: "Website (booked online)" };

/** Why a visitor's place cannot be booked; a full one offers the next days with a place left online. */
export type OnlineRefusal = PlaceRefusal<OnlineDay>;

export type OnlinePlace = { ok: true; place: Place; rules: BookingRules; online: OnlineBookingRules };

type PlaceAsked = { date: unknown; kind: unknown; time?: unknown };

/** Up to three later days with a place left online, for a visitor whose choice is full. */
async function nextOnlineDays(env: AppEnv, rules: BookingRules, online: OnlineBookingRules, after: CalendarDate) {
  const from = addDays(after, 1);
  const to = onlineHorizon(online, rules.now);
  if (from > to) return [];
  return onlineOpenings(rules, online, await onlineCounts(env, from, to), from, to).slice(0, 3);
}

async function full(
  env: AppEnv,
  rules: BookingRules,
  online: OnlineBookingRules,
  place: Place,
): Promise<OnlineRefusal> {
  const what = place.time ? `The ${place.time} waiter slot` : "Drop-off";
  const message = `${what} on ${spelled(place.date)} is fully booked online.`;
  return noRoom(message, await nextOnlineDays(env, rules, online, place.date));
}

/** The place a visitor asks for, if it can be booked online now: 400 with the reason, 409 when it is full. */
export async function checkOnlinePlace(
  env: AppEnv,
  now: Date,
  asked: PlaceAsked,
): Promise<OnlinePlace | OnlineRefusal> {
  const [rules, online] = await Promise.all([readBookingRules(env, now), readOnlineBookingRules(env)]);
  if (!online.enabled) return refuse("date", "Online booking is off just now: please call us or send a request.");
  const checked = checkPlace(rules, { date: asked.date, kind: asked.kind, time: asked.time ?? null });
  if (!checked.ok) return checked;
  const { place } = checked;
  const last = onlineHorizon(online, now);
  if (place.date > last) return refuse("date", `Online bookings go up to ${spelled(last)}. Choose an earlier day.`);
  if (!startsAfter(rules.schedule, place, onlineNotBefore(online, now))) {
    return refuse(place.time ? "time" : "date", `Book at least ${online.minNoticeHours} hours ahead online.`);
  }
  const day = onlineDay(rules, online, await onlineCounts(env, place.date, place.date), place.date);
  const free = place.time ? day?.waiter.find((slot) => slot.time === place.time)?.free : day?.dropOff?.free;
  if (!free) return full(env, rules, online, place);
  return { ok: true, place, rules, online };
}

/** The online bookings that hold a place, counted in the booking's own statement. */
const onlineTaken = (place: Place) =>
  sql`(select count(*) from ${appointments} inner join ${serviceRequests} on ${serviceRequests.id} = ${appointments.serviceRequestId} where ${appointments.date} = ${place.date} and ${appointments.kind} = ${place.kind} and ${appointments.time} is ${place.time} and ${appointments.status} <> 'cancelled' and ${serviceRequests.bookedOnline} = 1)`;

export type BookedOnline = {
  id: string;
  date: string;
  kind: string;
  time: string | null;
  when: string;
  messageId: number | null;
};

/** The visitor's request, its statements for the booking's batch: written only where `placeFree` holds. */
export type RequestFirst = (placeFree: SQL) => readonly [BatchItem<"sqlite">, BatchItem<"sqlite">];

/**
 * Books a checked place for the visitor's request, in one batch: the request first (`requestFirst`),
 * then the appointment, each only while the place has room in the online share. A visitor who
 * loses the race for the last place writes nothing (409): the shop never sees a booking that did not happen.
 */
export async function bookOnline(
  env: AppEnv,
  checked: OnlinePlace,
  request: { id: string; first: RequestFirst },
  at: { now: Date; client: string | null },
): Promise<{ ok: true; booked: BookedOnline } | OnlineRefusal> {
  const { place, rules, online } = checked;
  const acting: Acting = { actor: ONLINE_ACTOR, client: at.client, at: at.now };
  const placeFree = sql`${placeHasRoom(place)} and ${onlineTaken(place)} < ${onlinePlaces(place.places, online.onlineShare)}`;
  const statements = await bookingStatements(env, request.id, place, null, acting, placeFree);
  const db = getDb(env);
  const [, , inserted, , , , , message] = await db.batch([...request.first(placeFree), ...statements]);
  const row = inserted[0];
  if (!row) return full(env, rules, online, place);
  const appointment = toView(row);
  return {
    ok: true,
    booked: {
      id: appointment.id,
      date: appointment.date,
      kind: appointment.kind,
      time: appointment.time,
      when: whenInWords(appointment, rules.schedule),
      messageId: message[0]?.id ?? null,
    },
  };
}
