import { and, eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { type Appointment, appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import type { AuditAction } from "~/features/audit/audit";
import { auditInsertIf } from "~/features/audit/audit.server";
import { auditTarget } from "~/features/inbox/inbox.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { formatSlotTime } from "../capacity";
import type { AppointmentMessagePurpose } from "../vocabulary";
import { bookingStatements, countTaken, messageInsert, placeHasRoom } from "./booking-statements.server";
import { tellFirstWaiting } from "./online/waitlist.server";
import {
  type AppointmentView,
  type BookingRules,
  daysWithRoom,
  appointmentOfRequest,
  changedMeanwhile,
  toView,
} from "./booking-reads.server";
import {
  checkNote,
  checkPlace,
  type Place,
  type PlaceInput,
  noRoom,
  type PlaceRefusal,
  refuse,
  spelled,
} from "./place-rules.server";

// Booking, moving and cancelling an appointment (docs/decisions/043-capacity-and-double-booking.md).
// The rules are checked first, for a clear 400; the place itself is taken by one conditional
// statement, `INSERT … SELECT … WHERE (SELECT count(*) …) < places`, which SQLite runs alone: however
// many requests race for the last place, one row is written. The record's contact, the email's
// ledger entry and the audit follow in the same batch, each only if the appointment was written.

async function fullRefusal(
  env: AppEnv,
  rules: BookingRules,
  place: Place,
  except?: AppointmentView,
): Promise<PlaceRefusal> {
  const nextDays = await daysWithRoom(env, rules, { from: place.date, limit: 5, except, kind: place.kind });
  const what = place.time ? `The ${formatSlotTime(place.time)} waiter slot` : "Drop-off";
  return noRoom(`${what} on ${spelled(place.date)} is full.`, nextDays);
}

// ------------------------------------------------------------------------------------------------
// Writes

export type Booked = { ok: true; appointment: AppointmentView; messageId: number | null };

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
): Promise<Booked | PlaceRefusal> {
  const checked = checkPlace(rules, input);
  if (!checked.ok) return checked;
  const noted = checkNote(input.note);
  if (!noted.ok) return noted;
  const { place } = checked;
  const db = getDb(env);
  const statements = await bookingStatements(env, requestId, place, noted.note, acting, placeHasRoom(place));
  let results;
  try {
    results = await db.batch(statements);
  } catch (error) {
    // The one-live-appointment index: another booking for this request won the race.
    if (String(error).includes("UNIQUE")) return alreadyBooked();
    throw error;
  }
  const [inserted, , , , , message] = results;
  const row = inserted[0];
  if (!row) {
    const table = serviceRequests;
    const [request] = await db.select({ id: table.id }).from(table).where(eq(table.id, requestId));
    if (!request) return noSuchRequest;
    if (await appointmentOfRequestLive(env, requestId)) return alreadyBooked();
    return fullRefusal(env, rules, place);
  }
  return { ok: true, appointment: toView(row), messageId: message[0]?.id ?? null };
}

async function appointmentOfRequestLive(env: AppEnv, requestId: string) {
  const found = await appointmentOfRequest(env, requestId);
  return found && found.status !== "cancelled" ? found : null;
}

const noSuchRequest: PlaceRefusal<never> = {
  ok: false,
  refusal: { reason: "not-found", message: "There is no service request with this id." },
};

/** A 409 with no other days to offer: the request or the appointment does not allow this change now. */
const conflict = (message: string): PlaceRefusal<never> => noRoom(message, []);

const alreadyBooked = () => conflict("This request already has an appointment: move or cancel that one.");

export type Changed = { ok: true; appointment: AppointmentView; messageIds: number[] };

/** Who changes an appointment: a member (audited as them) or the customer from their link. */
export type ChangedBy = { acting: Acting; byCustomer: boolean };

/** A change's audit entry for its batch: made only when the change above it was (updated at its time). */
function changeAudit(
  env: AppEnv,
  who: ChangedBy,
  action: AuditAction,
  current: AppointmentView,
  detail: Record<string, string | null>,
) {
  const changed = sql`exists (select 1 from ${appointments} where ${appointments.id} = ${current.id} and ${appointments.updatedAt} = ${who.acting.at.getTime()})`;
  return auditInsertIf(
    getDb(env),
    {
      ...who.acting,
      action,
      target: auditTarget("serviceRequest", current.serviceRequestId),
      detail: { ...detail, by: who.byCustomer ? "customer" : "staff" },
    },
    changed,
  );
}

/** A change's emails for its batch: the customer's (`purpose`), and the shop's when the customer made the change. */
function changeMessages(env: AppEnv, id: string, purpose: AppointmentMessagePurpose, who: ChangedBy) {
  const at = who.acting.at;
  return [messageInsert(env, id, purpose, at), ...(who.byCustomer ? [messageInsert(env, id, "shop-change", at)] : [])];
}

/** A change that was written: the appointment as it now is, and the ids of the emails its batch queued. */
const changed = (row: Appointment, messages: { id: number }[][]): Changed => ({
  ok: true,
  appointment: toView(row),
  messageIds: messages.flat().map((message) => message.id),
});

/** Moves a confirmed appointment to another place (its own place does not count against it). */
export async function rescheduleAppointment(
  env: AppEnv,
  rules: BookingRules,
  current: AppointmentView,
  input: PlaceInput,
  who: ChangedBy,
): Promise<Changed | PlaceRefusal> {
  if (current.status !== "confirmed") return conflict("Only a confirmed appointment can be moved.");
  const checked = checkPlace(rules, input);
  if (!checked.ok) return checked;
  const { place } = checked;
  if (place.date === current.date && place.kind === current.kind && place.time === current.time) {
    return refuse("date", "That is the appointment's place already: choose another day or time.");
  }
  const db = getDb(env);
  const [updated, , ...messages] = await db.batch([
    db
      .update(appointments)
      .set({
        date: place.date,
        kind: place.kind,
        time: place.time,
        sequence: sql`${appointments.sequence} + 1`,
        updatedAt: who.acting.at,
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
    changeAudit(env, who, "appointment.reschedule", current, {
      from: `${current.date} ${current.time ?? current.kind}`,
      to: `${place.date} ${place.time ?? place.kind}`,
    }),
    ...changeMessages(env, current.id, "update", who),
  ]);
  const row = updated[0];
  if (!row) return (await changedMeanwhile(env, current)) ? changedSince(who) : fullRefusal(env, rules, place, current);
  return changed(row, messages);
}

/** A change that lost a race with another one: said as such, not as a full day, and no other days offered. */
const changedSince = (who: ChangedBy) =>
  conflict(
    who.byCustomer
      ? "Your appointment was changed meanwhile. Please look at it again below before you choose."
      : "This appointment was changed meanwhile by someone else: look at it again before you choose.",
  );

/** Cancels a confirmed appointment: its place is free again, and the customer gets a cancellation. */
export async function cancelAppointment(
  env: AppEnv,
  current: AppointmentView,
  who: ChangedBy,
): Promise<Changed | PlaceRefusal> {
  const noLongerConfirmed = conflict("This appointment is no longer confirmed.");
  if (current.status !== "confirmed") return noLongerConfirmed;
  const db = getDb(env);
  const [updated, , ...messages] = await db.batch([
    db
      .update(appointments)
      .set({ status: "cancelled", sequence: sql`${appointments.sequence} + 1`, updatedAt: who.acting.at })
      .where(and(eq(appointments.id, current.id), eq(appointments.status, "confirmed")))
      .returning(),
    changeAudit(env, who, "appointment.cancel", current, { date: current.date, time: current.time }),
    ...changeMessages(env, current.id, "cancellation", who),
  ]);
  const row = updated[0];
  if (!row) return noLongerConfirmed;
  // The place is free again: the first visitor waiting for it is told (docs/decisions/064).
  await tellFirstWaiting(env, current, who.acting.at);
  return changed(row, messages);
}
