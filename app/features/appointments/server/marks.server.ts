import { and, eq, gt, inArray, sql } from "drizzle-orm";
import { insertForEach } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { appointments, appointmentSettings, reviewRequests } from "~/db/schema/appointments";
import { serviceRequests } from "~/db/schema/inbox";
import { AUDIT_IF_CHANGED, auditInsertIf } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import type { AppointmentStatus } from "../vocabulary";
import { appointmentMessagesWhere } from "./booking-statements.server";

// The marks staff set at the door (arrived, no-show, done), and the review request a "done" mark
// may make (docs/decisions/049-review-requests-and-confirm-on-arrival.md). The review request is
// written in the mark's own batch, only if the mark was just written and:
// - the owner's switch is on and a review link is set;
// - the customer (their address trimmed and in lower case) has not been asked in the last 12 months.
// Nothing else decides it: every customer whose job is done is asked, whatever they said or paid
// (Google's review policy and 16 CFR 465 forbid choosing who is asked). A no-show or a cancelled
// appointment can never be marked done, so it is never asked.

/** What a mark may follow: arrived after confirmed; no-show or done after confirmed or arrived. */
const MARKABLE: Record<"arrived" | "no-show" | "done", AppointmentStatus[]> = {
  arrived: ["confirmed"],
  "no-show": ["confirmed", "arrived"],
  done: ["confirmed", "arrived"],
};

export type Mark = keyof typeof MARKABLE;
// Own keys only: `in` would take "constructor" or "toString" from Object.prototype for a mark.
export const isMark = (value: unknown): value is Mark => typeof value === "string" && Object.hasOwn(MARKABLE, value);

/** A customer is asked for a review at most once in this long. */
export const REVIEW_REQUEST_GAP_MS = 365 * 24 * 60 * 60 * 1000;

/** The customer's address as the once-a-year rule compares it. */
const emailKey = sql<string>`lower(trim(${serviceRequests.email}))`;

/** The mark's entry, written only when the statement just before it in the batch changed a row. */
function markAudit(db: Database, acting: Acting, row: { serviceRequestId: string; date: string }, status: Mark) {
  return auditInsertIf(
    db,
    {
      ...acting,
      action: "appointment.mark",
      target: `service-requests/${row.serviceRequestId}`,
      detail: { status, date: row.date },
    },
    AUDIT_IF_CHANGED,
  );
}

export type Marked = { marked: false } | { marked: true; reviewMessageId: number | null };

/** Marks an appointment at the door; `marked: false` when it is unknown or its status does not allow the mark. */
export async function markAppointment(env: AppEnv, id: string, mark: Mark, acting: Acting): Promise<Marked> {
  const db = getDb(env);
  const at = acting.at;
  // The entry names the request and the day, read first; the mark is made only while the day is
  // still that one, so the mark, its entry (and a review request's) are one batch.
  const [current] = await db
    .select({ serviceRequestId: appointments.serviceRequestId, date: appointments.date })
    .from(appointments)
    .where(eq(appointments.id, id));
  if (!current) return { marked: false };
  const update = db
    .update(appointments)
    .set({ status: mark, updatedAt: at })
    .where(
      and(eq(appointments.id, id), inArray(appointments.status, MARKABLE[mark]), eq(appointments.date, current.date)),
    )
    .returning();
  if (mark !== "done") {
    const [updated] = await db.batch([update, markAudit(db, acting, current, mark)]);
    return updated.length > 0 ? { marked: true, reviewMessageId: null } : { marked: false };
  }
  const justDone = and(eq(appointments.id, id), eq(appointments.status, "done"), eq(appointments.updatedAt, at));
  const target = `service-requests/${current.serviceRequestId}`;
  const [updatedRows, , , , message] = await db.batch([
    update,
    markAudit(db, acting, current, mark),
    // The request's own row: its customer's address is the once-a-year rule's key.
    insertForEach(
      db,
      reviewRequests,
      serviceRequests,
      { appointmentId: id, emailKey, requestedAt: at },
      and(
        eq(serviceRequests.id, current.serviceRequestId),
        sql`exists (select 1 from ${appointments} where ${justDone})`,
        sql`exists (select 1 from ${appointmentSettings} where ${appointmentSettings.id} = 1 and ${eq(appointmentSettings.reviewRequestsOn, true)} and ${appointmentSettings.reviewUrl} is not null)`,
        sql`not exists (select 1 from ${reviewRequests} where ${reviewRequests.emailKey} = ${emailKey} and ${gt(reviewRequests.requestedAt, new Date(at.getTime() - REVIEW_REQUEST_GAP_MS))})`,
      ),
    )
      .onConflictDoNothing()
      .returning({ appointmentId: reviewRequests.appointmentId }),
    // Right after the review request's insert: written only if it made one.
    auditInsertIf(
      db,
      { ...acting, action: "appointment.review-request", target, detail: { date: current.date } },
      AUDIT_IF_CHANGED,
    ),
    appointmentMessagesWhere(
      db,
      "review",
      at,
      and(
        justDone,
        sql`exists (select 1 from ${reviewRequests} where ${reviewRequests.appointmentId} = ${appointments.id} and ${eq(reviewRequests.requestedAt, at)})`,
      ),
    ),
  ]);
  if (updatedRows.length === 0) return { marked: false };
  return { marked: true, reviewMessageId: message[0]?.id ?? null };
}
