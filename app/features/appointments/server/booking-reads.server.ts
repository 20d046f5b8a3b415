import { and, asc, between, desc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type Appointment, appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { addDays, type CalendarDate, shopInstant, shopWallClock } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import type { AppEnv } from "~/http/env.server";
import { type BookedCounts, capacityOn, type DayOpenings, minutesOfTime, openingsOn, slotKey } from "../capacity";
import { APPOINTMENT_DAYS_AHEAD, type AppointmentKind, type AppointmentStatus, type Capacity } from "../vocabulary";

// The appointments as D1 holds them, and the places with room (docs/decisions/043): what the
// record's panel, the customer's page, the calendar, the feed and the rules read.

/** What the shop's calendar and today's clock say about booking: the schedule and the capacity. */
export type BookingRules = { schedule: ShopSchedule; capacity: Capacity; now: Date };

export type AppointmentView = {
  id: string;
  serviceRequestId: string;
  date: CalendarDate;
  kind: AppointmentKind;
  time: string | null;
  status: AppointmentStatus;
  sequence: number;
  note: string | null;
  reminderSentAt: Date | null;
  createdAt: Date;
  createdBy: string | null;
};

export const toView = (row: Appointment): AppointmentView => ({
  id: row.id,
  serviceRequestId: row.serviceRequestId,
  date: row.date,
  kind: row.kind,
  time: row.time,
  status: row.status,
  sequence: row.sequence,
  note: row.note,
  reminderSentAt: row.reminderSentAt,
  createdAt: row.createdAt,
  createdBy: row.createdBy,
});

/** Live appointments per day and place from `from` to `to` (inclusive). */
export async function bookedCounts(
  env: Pick<AppEnv, "DB">,
  from: CalendarDate,
  to: CalendarDate,
): Promise<BookedCounts> {
  const rows = await getDb(env)
    .select({ date: appointments.date, kind: appointments.kind, time: appointments.time, count: sql<number>`count(*)` })
    .from(appointments)
    .where(and(between(appointments.date, from, to), ne(appointments.status, "cancelled")))
    .groupBy(appointments.date, appointments.kind, appointments.time);
  const counts: BookedCounts = new Map();
  for (const row of rows) {
    const day = counts.get(row.date) ?? new Map<string, number>();
    day.set(slotKey(row.kind, row.time), row.count);
    counts.set(row.date, day);
  }
  return counts;
}

/** Whether a place's time is still ahead: a waiter slot's start, a drop-off day's closing. */
export function stillAhead(
  rules: BookingRules,
  date: CalendarDate,
  kind: AppointmentKind,
  time: string | null,
): boolean {
  const today = shopWallClock(rules.now).date;
  if (date > today) return true;
  if (date < today) return false;
  const minutes = kind === "waiter" && time ? minutesOfTime(time) : closingMinutes(rules, date);
  return shopWallClock(rules.now).minutes < minutes;
}

function closingMinutes(rules: BookingRules, date: CalendarDate): number {
  const day = hoursOn(rules.schedule, date);
  return day.open ? day.closes.hour * 60 + day.closes.minute : 0;
}

/**
 * Days with room from `from` on, each with its places that have room (full ones left out), at most
 * `limit` days within the booking window; `first` (the customer's preferred day) comes first when
 * it has room. `except`: an appointment whose own place does not count (when moving it).
 */
export async function daysWithRoom(
  env: Pick<AppEnv, "DB">,
  rules: BookingRules,
  {
    from,
    limit,
    first,
    except,
    kind,
    notBefore,
  }: {
    from?: CalendarDate;
    limit: number;
    first?: CalendarDate | null;
    except?: AppointmentView;
    /** Only places of this kind. */
    kind?: AppointmentKind;
    /** Only places that start after this instant (a cut-off or a notice): a drop-off starts at opening. */
    notBefore?: Date;
  },
): Promise<DayOpenings[]> {
  const today = shopWallClock(rules.now).date;
  const last = addDays(today, APPOINTMENT_DAYS_AHEAD);
  const start = from && from > today ? from : today;
  const counts = await bookedCounts(env, today, last);
  if (except && except.status !== "cancelled") {
    const day = counts.get(except.date);
    const key = slotKey(except.kind, except.time);
    if (day?.has(key)) day.set(key, (day.get(key) ?? 1) - 1);
  }
  // Moving an appointment offers every place but the one it has.
  const isOwnPlace = (date: CalendarDate, placeKind: AppointmentKind, time: string | null) =>
    !!except && except.date === date && except.kind === placeKind && except.time === time;
  const roomOn = (date: CalendarDate): DayOpenings | null => {
    const day = capacityOn(rules.schedule, rules.capacity, date);
    if (!day) return null;
    const openings = openingsOn(day, counts.get(date)).filter(
      (opening) =>
        opening.free > 0 &&
        (!kind || opening.kind === kind) &&
        !isOwnPlace(date, opening.kind, opening.time) &&
        stillAhead(rules, date, opening.kind, opening.time) &&
        (!notBefore || startsAfter(rules.schedule, { date, time: opening.time }, notBefore)),
    );
    return openings.length ? { date, openings } : null;
  };
  const days: DayOpenings[] = [];
  const preferred = first && first >= today && first <= last ? roomOn(first) : null;
  if (preferred) days.push(preferred);
  for (let date = start; date <= last && days.length < limit; date = addDays(date, 1)) {
    if (date === preferred?.date) continue;
    const day = roomOn(date);
    if (day) days.push(day);
  }
  return days;
}

/** A request's live appointment (or its last cancelled one), or null. */
export async function appointmentOfRequest(
  env: Pick<AppEnv, "DB">,
  requestId: string,
): Promise<AppointmentView | null> {
  const [row] = await getDb(env)
    .select()
    .from(appointments)
    .where(eq(appointments.serviceRequestId, requestId))
    .orderBy(sql`${appointments.status} = 'cancelled'`, desc(appointments.updatedAt))
    .limit(1);
  return row ? toView(row) : null;
}

export async function appointmentById(env: Pick<AppEnv, "DB">, id: string): Promise<Appointment | null> {
  const [row] = await getDb(env).select().from(appointments).where(eq(appointments.id, id)).limit(1);
  return row ?? null;
}

/** Appointments from `from` to `to` (inclusive), by day and time: the shop's calendar and its API. */
export async function appointmentsBetween(env: Pick<AppEnv, "DB">, from: CalendarDate, to: CalendarDate) {
  return getDb(env)
    .select({
      appointment: appointments,
      firstName: serviceRequests.firstName,
      lastName: serviceRequests.lastName,
      phone: serviceRequests.phone,
    })
    .from(appointments)
    .leftJoin(serviceRequests, eq(serviceRequests.id, appointments.serviceRequestId))
    .where(between(appointments.date, from, to))
    .orderBy(asc(appointments.date), sql`${appointments.time} is not null`, asc(appointments.time));
}

/** Whether a place starts after `instant`: a waiter slot at its time, a drop-off window at the day's opening. */
export function startsAfter(
  schedule: ShopSchedule,
  place: Pick<AppointmentView, "date" | "time">,
  instant: Date,
): boolean {
  return appointmentStart(schedule, place).getTime() > instant.getTime();
}

/** When an appointment's time is: a waiter slot's start, or a drop-off day's opening. */
export function appointmentStart(schedule: ShopSchedule, view: Pick<AppointmentView, "date" | "time">): Date {
  if (view.time)
    return shopInstant(view.date, { hour: Number(view.time.slice(0, 2)), minute: Number(view.time.slice(3, 5)) });
  const day = hoursOn(schedule, view.date);
  return shopInstant(view.date, day.open ? day.opens : { hour: 8, minute: 0 });
}

/** Whether the appointment is no longer as `current` shows it: moved, cancelled or marked since it was read. */
export async function changedMeanwhile(env: AppEnv, current: AppointmentView): Promise<boolean> {
  const [latest] = await getDb(env)
    .select({ status: appointments.status, sequence: appointments.sequence })
    .from(appointments)
    .where(eq(appointments.id, current.id));
  return latest?.status !== current.status || latest.sequence !== current.sequence;
}
