import { and, eq, type SQL, sql } from "drizzle-orm";
import { insertForEach, insertIf } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { appointmentMessages, appointments } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { AUDIT_IF_CHANGED, auditInsertIf } from "~/features/audit/audit.server";
import { auditTarget, contactStatements } from "~/features/inbox/inbox.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { linkSecret } from "~/keys/keys.server";
import type { AppointmentMessagePurpose } from "../vocabulary";
import { customerToken, newTokenSalt, tokenHash } from "./customer-link.server";
import type { Place } from "./place-rules.server";

// The statements that take a place (docs/decisions/043-capacity-and-double-booking.md): the
// conditional insert where the place has room (app/db/conditional-write.server.ts), which SQLite runs alone, then the
// audit, the record's contact and the confirmation's ledger entry, each only if the appointment
// was written. A staff booking runs them as its batch; an online booking puts the visitor's
// request before them in the same batch, under the same condition (docs/decisions/064).

/** The live appointments at a place, but `except` (the one being moved). */
export const countTaken = (place: Place, except: string | null) =>
  sql`(select count(*) from ${appointments} where ${appointments.date} = ${place.date} and ${appointments.kind} = ${place.kind} and ${appointments.time} is ${place.time} and ${appointments.status} <> 'cancelled' and ${appointments.id} is not ${except})`;

/** The place has a place left, as a condition of the statement that takes it. */
export const placeHasRoom = (place: Place) => sql`${countTaken(place, null)} < ${place.places}`;

/**
 * A new appointment email for the ledger (due at `at`, unsent), one for each appointment where
 * `where` holds, made for the appointment's sequence as it stands in the batch.
 */
export const appointmentMessagesWhere = (
  db: Database,
  purpose: AppointmentMessagePurpose,
  at: Date,
  where: SQL | undefined,
) =>
  insertForEach(
    db,
    appointmentMessages,
    appointments,
    { appointmentId: sql`${appointments.id}`, purpose, sequence: sql`${appointments.sequence}`, dueAt: at },
    where,
  )
    .onConflictDoNothing()
    .returning({ id: appointmentMessages.id });

/** A message for the email ledger, written only if the appointment row now has this update time. */
export const messageInsert = (env: AppEnv, id: string, purpose: AppointmentMessagePurpose, at: Date) =>
  appointmentMessagesWhere(getDb(env), purpose, at, and(eq(appointments.id, id), eq(appointments.updatedAt, at)));

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
    insertIf(
      db,
      appointments,
      {
        id,
        serviceRequestId: requestId,
        date: place.date,
        kind: place.kind,
        time: place.time,
        status: "confirmed",
        sequence: 0,
        note,
        tokenSalt: salt,
        tokenHash: hash,
        createdAt: at,
        createdBy: by,
        updatedAt: at,
      },
      and(
        sql`exists (select 1 from ${table} where ${table.id} = ${requestId})`,
        placeFree,
        sql`not exists (select 1 from ${appointments} where ${appointments.serviceRequestId} = ${requestId} and ${appointments.status} <> 'cancelled')`,
      ),
    ).returning(),
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
