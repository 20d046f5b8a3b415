import type { AppEnv } from "~/http/env.server";
import { whenInWords } from "./mail/appointment-mail.server";
import { readBookingOptions } from "./settings/booking-options.server";
import { appointmentOfRequest } from "./booking-reads.server";
import { bookAppointment } from "./booking.server";
import { readBookingRules } from "./settings/capacity-settings.server";

// Confirm on arrival (docs/decisions/049-review-requests-and-confirm-on-arrival.md): with the
// owner's switch on, a new service request whose preferred day has a drop-off place is booked
// while the visitor waits for their answer, by bookAppointment, the one booking path (its
// conditional insert keeps the race for the last place to one winner). A visitor who will wait
// for the car, or gave no preferred day, or whose day is full or closed, is booked by staff.

/** Who booked it, as the record's history, the appointment and the audit log name them. */
export const ON_ARRIVAL_ACTOR = { id: null, name: "Website (booked on arrival)" };

export type BookedOnArrival = { id: string; date: string; kind: "drop-off"; when: string; messageId: number | null };

type Request = { id: string; preferredDate?: string | null; visitType?: string | null };

/** Books the request's preferred day as a drop-off if the owner wants it and it has room; null otherwise. */
export async function bookOnArrival(
  env: AppEnv,
  request: Request,
  { now, client }: { now: Date; client: string | null },
): Promise<BookedOnArrival | null> {
  if (!request.preferredDate || request.visitType === "wait") return null;
  const options = await readBookingOptions(env);
  if (!options.confirmOnArrival) return null;
  const rules = await readBookingRules(env, now);
  const booked = await bookAppointment(
    env,
    rules,
    request.id,
    { date: request.preferredDate, kind: "drop-off" },
    { actor: ON_ARRIVAL_ACTOR, client, at: now },
  );
  if (!booked.ok) return null;
  const { appointment } = booked;
  return {
    id: appointment.id,
    date: appointment.date,
    kind: "drop-off",
    when: whenInWords(appointment, rules.schedule),
    messageId: booked.messageId,
  };
}

/** The same answer for a request sent twice: the appointment booked on its arrival, if any. */
export async function bookedOnArrival(env: AppEnv, requestId: string, now: Date): Promise<BookedOnArrival | null> {
  const appointment = await appointmentOfRequest(env, requestId);
  if (!appointment || appointment.status === "cancelled" || appointment.createdBy !== ON_ARRIVAL_ACTOR.name) {
    return null;
  }
  const rules = await readBookingRules(env, now);
  return {
    id: appointment.id,
    date: appointment.date,
    kind: "drop-off",
    when: whenInWords(appointment, rules.schedule),
    messageId: null,
  };
}
