import { and, asc, between, desc, eq, ne, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type Appointment, appointmentMessages, appointments } from "~/db/schema/appointments";
import { serviceRequests, submissionStatusChanges } from "~/db/schema/inbox";
import { addDays, type CalendarDate, calendarDateFormat, shopInstant, shopWallClock } from "~/hours/shop-calendar";
import { hoursOn, type ShopSchedule } from "~/hours/shop-schedule";
import type { AuditAction } from "~/features/audit/audit";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import {
  type BookedCounts,
  capacityOn,
  type DayOpenings,
  formatSlotTime,
  minutesOfTime,
  openingsOn,
  placesFor,
  slotKey,
} from "../capacity";
import {
  APPOINTMENT_DAYS_AHEAD,
  APPOINTMENT_KINDS,
  type AppointmentKind,
  type AppointmentMessagePurpose,
  type AppointmentStatus,
  type Capacity,
  NOTE_MAX,
} from "../vocabulary";
import { customerToken, newTokenSalt, tokenHash } from "./customer-link.server";

// Booking, moving and cancelling an appointment (docs/decisions/043-capacity-and-double-booking.md).
// The rules are checked first, for a clear 400; the place itself is taken by one conditional
// statement, `INSERT … SELECT … WHERE (SELECT count(*) …) < places`, which SQLite runs alone: however
// many requests race for the last place, one row is written. The record's contact, the email's
// ledger entry and the audit follow in the same batch, each only if the appointment was written.

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

const spelled = calendarDateFormat({ weekday: "long", month: "long", day: "numeric" });

// ------------------------------------------------------------------------------------------------
// Reads

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
function stillAhead(rules: BookingRules, date: CalendarDate, kind: AppointmentKind, time: string | null): boolean {
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
  }: {
    from?: CalendarDate;
    limit: number;
    first?: CalendarDate | null;
    except?: AppointmentView;
    /** Only places of this kind. */
    kind?: AppointmentKind;
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
        stillAhead(rules, date, opening.kind, opening.time),
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

// ------------------------------------------------------------------------------------------------
// The rules a place must pass before it is taken

export type PlaceInput = { date?: unknown; kind?: unknown; time?: unknown };

export type Refusal =
  | { ok: false; status: 400; field: "date" | "kind" | "time" | "note"; message: string }
  | { ok: false; status: 404; message: string }
  | { ok: false; status: 409; message: string; nextDays: DayOpenings[] };

type Place = { date: CalendarDate; kind: AppointmentKind; time: string | null; places: number };

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const isRealDate = (date: string) =>
  ISO_DATE.test(date) && new Date(`${date}T00:00:00Z`).toISOString().startsWith(date);
const refuse = (field: "date" | "kind" | "time" | "note", message: string): Refusal => ({
  ok: false,
  status: 400,
  field,
  message,
});

/** The place asked for, or why it cannot be booked (400): a day and kind and time that exist and are ahead. */
export function checkPlace(rules: BookingRules, input: PlaceInput): { ok: true; place: Place } | Refusal {
  const { date, kind } = input;
  if (typeof date !== "string" || !isRealDate(date)) return refuse("date", "Give the day as YYYY-MM-DD, a real date.");
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
export function checkNote(note: unknown): { ok: true; note: string | null } | Refusal {
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

const countTaken = (place: Place, except: string | null) =>
  sql`(select count(*) from ${appointments} where ${appointments.date} = ${place.date} and ${appointments.kind} = ${place.kind} and ${appointments.time} is ${place.time} and ${appointments.status} <> 'cancelled' and ${appointments.id} is not ${except})`;

async function fullRefusal(env: AppEnv, rules: BookingRules, place: Place, except?: AppointmentView): Promise<Refusal> {
  const nextDays = await daysWithRoom(env, rules, { from: place.date, limit: 5, except, kind: place.kind });
  const what = place.time ? `The ${formatSlotTime(place.time)} waiter slot` : "Drop-off";
  return { ok: false, status: 409, message: `${what} on ${spelled(place.date)} is full.`, nextDays };
}

// ------------------------------------------------------------------------------------------------
// Writes

export type Booked = { ok: true; appointment: AppointmentView; messageId: number | null };

/** A message for the email ledger, written only if the appointment row now has this sequence and update time. */
function messageInsert(env: AppEnv, id: string, purpose: AppointmentMessagePurpose, at: Date) {
  const db = getDb(env);
  return db
    .insert(appointmentMessages)
    .select(
      db
        .select({
          id: sql<number>`null`.as("id"),
          appointmentId: appointments.id,
          purpose: sql<AppointmentMessagePurpose>`${purpose}`.as("purpose"),
          sequence: appointments.sequence,
          dueAt: sql<Date>`${at.getTime()}`.as("due_at"),
          sentAt: sql<Date | null>`null`.as("sent_at"),
          attempts: sql<number>`0`.as("attempts"),
          lastError: sql<string | null>`null`.as("last_error"),
          claimedUntil: sql<Date | null>`null`.as("claimed_until"),
        })
        .from(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.updatedAt, at))),
    )
    .onConflictDoNothing()
    .returning({ id: appointmentMessages.id });
}

/**
 * Books a place for a service request by the acting member. The request counts as contacted: its
 * first contact is kept (if none yet) and a `new` request becomes `contacted`, with a history entry.
 */
export async function bookAppointment(
  env: AppEnv,
  rules: BookingRules,
  requestId: string,
  input: PlaceInput & { note?: unknown },
  acting: Acting,
): Promise<Booked | Refusal> {
  const checked = checkPlace(rules, input);
  if (!checked.ok) return checked;
  const noted = checkNote(input.note);
  if (!noted.ok) return noted;
  const { place } = checked;
  const db = getDb(env);
  const id = crypto.randomUUID();
  const salt = newTokenSalt();
  const hash = await tokenHash(await customerToken(env.SESSION_SECRET, salt));
  const at = acting.at;
  const by = acting.actor?.name ?? "";
  const written = sql`exists (select 1 from ${appointments} where ${appointments.id} = ${id})`;
  const table = serviceRequests;
  const changes = submissionStatusChanges;
  let results;
  try {
    results = await db.batch([
      db
        .insert(appointments)
        .select(
          db
            .select({
              id: sql<string>`${id}`.as("id"),
              serviceRequestId: table.id,
              date: sql<string>`${place.date}`.as("date"),
              kind: sql<AppointmentKind>`${place.kind}`.as("kind"),
              time: sql<string | null>`${place.time}`.as("time"),
              status: sql<AppointmentStatus>`'confirmed'`.as("status"),
              sequence: sql<number>`0`.as("sequence"),
              note: sql<string | null>`${noted.note}`.as("note"),
              tokenSalt: sql<string>`${salt}`.as("token_salt"),
              tokenHash: sql<string>`${hash}`.as("token_hash"),
              createdAt: sql<Date>`${at.getTime()}`.as("created_at"),
              createdBy: sql<string>`${by}`.as("created_by"),
              updatedAt: sql<Date>`${at.getTime()}`.as("updated_at"),
              reminderSentAt: sql<Date | null>`null`.as("reminder_sent_at"),
            })
            .from(table)
            .where(
              and(
                eq(table.id, requestId),
                sql`${countTaken(place, null)} < ${place.places}`,
                sql`not exists (select 1 from ${appointments} where ${appointments.serviceRequestId} = ${requestId} and ${appointments.status} <> 'cancelled')`,
              ),
            ),
        )
        .returning(),
      // Booking is a contact: the history entry first, while the old status can still be read.
      db
        .insert(changes)
        .select(
          db
            .select({
              id: sql<number>`null`.as("id"),
              submissionKind: sql<"serviceRequest">`'serviceRequest'`.as("submission_kind"),
              submissionId: table.id,
              status: sql<"contacted">`'contacted'`.as("status"),
              changedBy: sql<string>`${by}`.as("changed_by"),
              changedAt: sql<Date>`${at.getTime()}`.as("changed_at"),
            })
            .from(table)
            .where(and(eq(table.id, requestId), eq(table.status, "new"), written)),
        )
        .returning({ id: changes.id }),
      db
        .update(table)
        .set({
          status: sql`case when ${table.status} = 'new' then 'contacted' else ${table.status} end`,
          firstContactAt: sql`coalesce(${table.firstContactAt}, ${at.getTime()})`,
        })
        .where(and(eq(table.id, requestId), written)),
      messageInsert(env, id, "confirmation", at),
    ]);
  } catch (error) {
    // The one-live-appointment index: another booking for this request won the race.
    if (String(error).includes("UNIQUE")) return alreadyBooked();
    throw error;
  }
  const [inserted, marked, , message] = results;
  const row = inserted[0];
  if (!row) {
    const [request] = await db.select({ id: table.id }).from(table).where(eq(table.id, requestId));
    if (!request) return { ok: false, status: 404, message: "There is no service request with this id." };
    if (await appointmentOfRequestLive(env, requestId)) return alreadyBooked();
    return fullRefusal(env, rules, place);
  }
  const target = `service-requests/${requestId}`;
  await db.batch([
    auditInsert(db, {
      ...acting,
      action: "appointment.book",
      target,
      detail: { date: place.date, kind: place.kind, time: place.time },
    }),
    ...(marked.length > 0
      ? [auditInsert(db, { ...acting, action: "record.status", target, detail: { status: "contacted" } })]
      : []),
  ]);
  return { ok: true, appointment: toView(row), messageId: message[0]?.id ?? null };
}

async function appointmentOfRequestLive(env: AppEnv, requestId: string) {
  const found = await appointmentOfRequest(env, requestId);
  return found && found.status !== "cancelled" ? found : null;
}

const alreadyBooked = (): Refusal => ({
  ok: false,
  status: 409,
  message: "This request already has an appointment: move or cancel that one.",
  nextDays: [],
});

export type Changed = { ok: true; appointment: AppointmentView; messageIds: number[] };

/** Who changes an appointment: a member (audited as them) or the customer from their link. */
export type ChangedBy = { acting: Acting; byCustomer: boolean };

async function auditChange(
  env: AppEnv,
  who: ChangedBy,
  action: AuditAction,
  row: AppointmentView,
  detail: Record<string, string | null>,
) {
  const db = getDb(env);
  await db.batch([
    auditInsert(db, {
      ...who.acting,
      action,
      target: `service-requests/${row.serviceRequestId}`,
      detail: { ...detail, by: who.byCustomer ? "customer" : "staff" },
    }),
  ]);
}

/** Moves a confirmed appointment to another place (its own place does not count against it). */
export async function rescheduleAppointment(
  env: AppEnv,
  rules: BookingRules,
  current: AppointmentView,
  input: PlaceInput,
  who: ChangedBy,
): Promise<Changed | Refusal> {
  if (current.status !== "confirmed") {
    return { ok: false, status: 409, message: "Only a confirmed appointment can be moved.", nextDays: [] };
  }
  const checked = checkPlace(rules, input);
  if (!checked.ok) return checked;
  const { place } = checked;
  if (place.date === current.date && place.kind === current.kind && place.time === current.time) {
    return refuse("date", "That is the appointment's place already: choose another day or time.");
  }
  const db = getDb(env);
  const at = who.acting.at;
  const [updated, customerMessage, shopMessage] = await db.batch([
    db
      .update(appointments)
      .set({
        date: place.date,
        kind: place.kind,
        time: place.time,
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: at,
        // The reminder is armed again for the new day.
        reminderSentAt: null,
      })
      .where(
        and(
          eq(appointments.id, current.id),
          eq(appointments.status, "confirmed"),
          eq(appointments.sequence, current.sequence),
          sql`${countTaken(place, current.id)} < ${place.places}`,
        ),
      )
      .returning(),
    messageInsert(env, current.id, "update", at),
    ...(who.byCustomer ? [messageInsert(env, current.id, "shop-change", at)] : []),
  ]);
  const row = updated[0];
  if (!row) return fullRefusal(env, rules, place, current);
  const view = toView(row);
  await auditChange(env, who, "appointment.reschedule", view, {
    from: `${current.date} ${current.time ?? current.kind}`,
    to: `${place.date} ${place.time ?? place.kind}`,
  });
  const messageIds = [...customerMessage, ...(shopMessage ?? [])].map((message) => message.id);
  return { ok: true, appointment: view, messageIds };
}

/** Cancels a confirmed appointment: its place is free again, and the customer gets a cancellation. */
export async function cancelAppointment(
  env: AppEnv,
  current: AppointmentView,
  who: ChangedBy,
): Promise<Changed | Refusal> {
  if (current.status !== "confirmed") {
    return { ok: false, status: 409, message: "This appointment is no longer confirmed.", nextDays: [] };
  }
  const db = getDb(env);
  const at = who.acting.at;
  const [updated, customerMessage, shopMessage] = await db.batch([
    db
      .update(appointments)
      .set({ status: "cancelled", sequence: sql`${appointments.sequence} + 1`, updatedAt: at })
      .where(and(eq(appointments.id, current.id), eq(appointments.status, "confirmed")))
      .returning(),
    messageInsert(env, current.id, "cancellation", at),
    ...(who.byCustomer ? [messageInsert(env, current.id, "shop-change", at)] : []),
  ]);
  const row = updated[0];
  if (!row) return { ok: false, status: 409, message: "This appointment is no longer confirmed.", nextDays: [] };
  const view = toView(row);
  await auditChange(env, who, "appointment.cancel", view, { date: current.date, time: current.time });
  const messageIds = [...customerMessage, ...(shopMessage ?? [])].map((message) => message.id);
  return { ok: true, appointment: view, messageIds };
}

/** When an appointment's time is: a waiter slot's start, or a drop-off day's opening. */
export function appointmentStart(schedule: ShopSchedule, view: Pick<AppointmentView, "date" | "time">): Date {
  if (view.time)
    return shopInstant(view.date, { hour: Number(view.time.slice(0, 2)), minute: Number(view.time.slice(3, 5)) });
  const day = hoursOn(schedule, view.date);
  return shopInstant(view.date, day.open ? day.opens : { hour: 8, minute: 0 });
}
