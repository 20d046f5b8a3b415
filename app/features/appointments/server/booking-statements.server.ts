import { and, eq, type SQL, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { appointmentMessages, appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { AUDIT_IF_CHANGED, auditInsertIf } from "~/features/audit/audit.server";
import { auditTarget, contactStatements } from "~/features/inbox/inbox.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { linkSecret } from "~/keys/keys.server";
import { type AppointmentKind, type AppointmentMessagePurpose, type AppointmentStatus } from "../vocabulary";
import { customerToken, newTokenSalt, tokenHash } from "./customer-link.server";
import type { Place } from "./place-rules.server";

// The statements that take a place (docs/decisions/043-capacity-and-double-booking.md): the
// conditional `INSERT … SELECT … WHERE <the place has room>`, which SQLite runs alone, then the
// audit, the record's contact and the confirmation's ledger entry, each only if the appointment
// was written. A staff booking runs them as its batch; an online booking puts the visitor's
// request before them in the same batch, under the same condition (docs/decisions/064).

/** The live appointments at a place, but `except` (the one being moved). */
export const countTaken = (place: Place, except: string | null) =>
  sql`(select count(*) from ${appointments} where ${appointments.date} = ${place.date} and ${appointments.kind} = ${place.kind} and ${appointments.time} is ${place.time} and ${appointments.status} <> 'cancelled' and ${appointments.id} is not ${except})`;

/** The place has a place left, as a condition of the statement that takes it. */
export const placeHasRoom = (place: Place) => sql`${countTaken(place, null)} < ${place.places}`;

/** A new appointment email's columns (due at `at`, unsent), for an INSERT … SELECT from appointments. */
export const newMessageColumns = (purpose: AppointmentMessagePurpose, at: Date) => ({
  id: sql<number>`null`.as("id"),
  appointmentId: appointments.id,
  purpose: sql<AppointmentMessagePurpose>`${purpose}`.as("purpose"),
  sequence: appointments.sequence,
  dueAt: sql<Date>`${at.getTime()}`.as("due_at"),
  sentAt: sql<Date | null>`null`.as("sent_at"),
  attempts: sql<number>`0`.as("attempts"),
  lastError: sql<string | null>`null`.as("last_error"),
  claimedUntil: sql<Date | null>`null`.as("claimed_until"),
});

/** A message for the email ledger, written only if the appointment row now has this sequence and update time. */
export function messageInsert(env: AppEnv, id: string, purpose: AppointmentMessagePurpose, at: Date) {
  const db = getDb(env);
  return db
    .insert(appointmentMessages)
    .select(
      db
        .select(newMessageColumns(purpose, at))
        .from(appointments)
        .where(and(eq(appointments.id, id), eq(appointments.updatedAt, at))),
    )
    .onConflictDoNothing()
    .returning({ id: appointmentMessages.id });
}

/**
 * The batch that books `place` for a service request where `placeFree` holds: the appointment
 * (returned first), its audit entry, the record's contact and the confirmation's ledger entry.
 */
export async function bookingStatements(
  env: AppEnv,
  requestId: string,
  place: Place,
  note: string | null,
  acting: Acting,
  placeFree: SQL,
) {
  const db = getDb(env);
  const id = crypto.randomUUID();
  const salt = newTokenSalt();
  const hash = tokenHash(await customerToken(linkSecret(env), salt));
  const at = acting.at;
  const by = acting.actor?.name ?? "";
  const written = sql`exists (select 1 from ${appointments} where ${appointments.id} = ${id})`;
  const table = serviceRequests;
  return [
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
            note: sql<string | null>`${note}`.as("note"),
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
              placeFree,
              sql`not exists (select 1 from ${appointments} where ${appointments.serviceRequestId} = ${requestId} and ${appointments.status} <> 'cancelled')`,
            ),
          ),
      )
      .returning(),
    auditInsertIf(
      db,
      {
        ...acting,
        action: "appointment.book",
        target: auditTarget("serviceRequest", requestId),
        detail: { date: place.date, kind: place.kind, time: place.time },
      },
      AUDIT_IF_CHANGED,
    ),
    // Booking is a contact, once the appointment above is written.
    ...contactStatements(db, "serviceRequest", requestId, acting, written),
    messageInsert(env, id, "confirmation", at),
  ] as const;
}
