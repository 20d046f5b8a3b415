import { eq, sql } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { estimates } from "~/db/schema/estimates";
import { auditInsert } from "~/features/audit/audit.server";
import { refused } from "~/http/outcome.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import type { EstimateStatus } from "../vocabulary";
import { estimateTokenHash, estimateToken, newEstimateSalt } from "./estimate-link.server";
import { estimateEmailInsert, readEstimate, type Stored } from "./estimate-store.server";

// Sending an estimate to its customer (issue 39 item 3): the link's salt and hash are set the first
// time, the status becomes `sent` (a decided or re-asked estimate keeps its own), and the email is a
// row of the estimate's ledger, written in the same batch as its audit entry and sent by the queue.
// Staff cause this email: it always goes, whatever the owner's visitor-confirmation switch says.

/** The statuses a send moves to `sent`: those the customer has not answered yet. */
const UNANSWERED: EstimateStatus[] = ["draft", "sent"];

export async function sendEstimate(
  env: Pick<AppEnv, "DB" | "SESSION_SECRET" | "LINK_SECRET">,
  id: string,
  acting: Acting,
): Promise<Stored> {
  const before = await readEstimate(env, id);
  if (!before) return refused("not-found", "No estimate has this id.");
  const { estimate } = before;
  if (before.current.lines.length === 0) {
    return refused("invalid", "An estimate without lines cannot be sent: add what the work is first.");
  }
  const salt = estimate.tokenSalt ?? newEstimateSalt();
  const tokenHash = estimate.tokenHash ?? estimateTokenHash(await estimateToken(env, salt));
  const db = getDb(env);
  const [, inserted] = await db.batch([
    db
      .update(estimates)
      .set({
        tokenSalt: salt,
        tokenHash,
        sentAt: acting.at,
        updatedAt: acting.at,
        status: sql`case when ${estimates.status} in (${sql.join(
          UNANSWERED.map((status) => sql`${status}`),
          sql`, `,
        )}) then 'sent' else ${estimates.status} end`,
      })
      .where(eq(estimates.id, id)),
    estimateEmailInsert(db, {
      estimateId: id,
      purpose: "estimate",
      version: estimate.version,
      at: acting.at,
      by: acting.actor?.name,
    }),
    auditInsert(db, {
      ...acting,
      action: "estimate.send",
      target: `service-requests/${estimate.serviceRequestId}`,
      detail: { estimate: id, version: estimate.version },
    }),
  ]);
  const state = await readEstimate(env, id);
  if (!state) return refused("not-found", "No estimate has this id.");
  return { ok: true, state, messageIds: inserted.map((row) => row.id) };
}
