import { and, eq, sql } from "drizzle-orm";
import type { Database } from "~/db/db.server";
import { serviceRequests } from "~/db/schema/inbox";
import type { AppEnv } from "~/http/env.server";
import type { ApprovalSnapshot, DeclinedLine } from "../vocabulary";

// Declined work is not forgotten (issue 39 item 7): the lines a customer declined stay with them,
// listed on the record of the request and of their next requests ("Declined earlier"), and the
// decision puts a follow-up on the call-back desk 30 days later, in the decision's own batch.

/** How long after a decision that declined work the desk calls the customer back. */
export const DECLINED_FOLLOW_UP_DAYS = 30;
const DAY_MS = 24 * 60 * 60 * 1000;

export const declinedFollowUpAt = (decidedAt: Date) => new Date(decidedAt.getTime() + DECLINED_FOLLOW_UP_DAYS * DAY_MS);

/**
 * The statement that sets the request's desk follow-up 30 days after the decision, for the
 * decision's batch. It changes nothing when no line was declined, and keeps a follow-up already
 * due sooner (the desk's one date per record is the next call to make).
 */
export function declinedFollowUpWrite(db: Database, serviceRequestId: string, decidedAt: Date, declined: number) {
  const at = declinedFollowUpAt(decidedAt).getTime();
  return db
    .update(serviceRequests)
    .set({ followUpAt: sql`min(coalesce(${serviceRequests.followUpAt}, ${at}), ${at})` })
    .where(and(eq(serviceRequests.id, serviceRequestId), sql`${declined} > 0`));
}

/** How many declined lines a record lists (the most recent). */
const SHOWN = 50;

type Row = { service_request_id: string; decided_at: number; snapshot: string };

/**
 * The lines the customer behind a service request declined, on this request and their others (same
 * email or phone once normalised, decision 047; spam left out), newest decision first. Only each
 * estimate's latest decision counts: work approved in a later version is no longer declined.
 */
export async function readDeclinedWork(env: Pick<AppEnv, "DB">, serviceRequestId: string): Promise<DeclinedLine[]> {
  const { results } = await env.DB.prepare(
    `with me as (select email_key as e, phone_key as p from service_requests where id = ?1)
     select r.id as service_request_id, a.decided_at, a.snapshot
     from estimate_approvals a
       join estimates est on est.id = a.estimate_id
       join service_requests r on r.id = est.service_request_id, me
     where (r.id = ?1 or r.email_key = me.e or r.phone_key = me.p) and r.status <> 'spam'
       and not exists (select 1 from estimate_approvals later
         where later.estimate_id = a.estimate_id and later.version > a.version)
     order by a.decided_at desc limit ?2`,
  )
    .bind(serviceRequestId, SHOWN)
    .all<Row>();
  return results
    .flatMap((row) => {
      const snapshot = JSON.parse(row.snapshot) as ApprovalSnapshot;
      const declined = new Set(snapshot.declinedLineIds);
      const decidedAt = new Date(row.decided_at);
      return snapshot.lines
        .filter((line) => declined.has(line.id))
        .map((line) => ({
          serviceRequestId: row.service_request_id,
          estimateNumber: snapshot.estimateNumber,
          description: line.description,
          severity: line.severity,
          price: line.total,
          decidedAt,
          followUpAt: declinedFollowUpAt(decidedAt),
        }));
    })
    .slice(0, SHOWN);
}
