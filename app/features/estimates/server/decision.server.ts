import { and, eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { estimateApprovals, estimates } from "~/db/schema/estimates";
import { requiredText } from "~/forms/fields";
import { refused, type Refused } from "~/http/outcome.server";
import type { AppEnv } from "~/http/env.server";
import { totalOfLines } from "../pricing";
import { rightsText } from "../rights";
import { statusAfterDecision } from "../rules";
import { ESTIMATE_LIMITS, type ApprovalSnapshot } from "../vocabulary";
import { estimateEmailInsert, idsOf, isConstraintError, type EstimateState } from "./estimate-store.server";
import { declinedFollowUpWrite } from "./declined-work.server";

// The customer's decision from their link (issue 39 item 4): every line approved or declined, their
// full name typed under the Customer's Rights. Stored as a frozen snapshot of exactly what they saw
// (the migration's triggers refuse any change to it), one per version: a second decision on the
// same version, or one on a version that is no longer the estimate's, changes nothing.

export type Decided = { ok: true; messageIds: number[] } | Refused;

/** A refusal naming the form's field at fault (the page marks it). */
const invalid = (field: string, message: string) =>
  refused("invalid", message, { fieldErrors: { [field]: [message] } });

/** Who sent it: what the snapshot keeps of the request besides the form. */
export type Signer = { at: Date; clientAddress: string | null; userAgent: string | null };

const nameRule = requiredText({
  missing: "Please type your full name to send your decision.",
  max: ESTIMATE_LIMITS.maxName,
  tooLong: `Your name can be at most ${ESTIMATE_LIMITS.maxName} characters.`,
  subject: "Your name",
});

/** Whether the version shown has been decided already. */
export const decisionOn = (state: EstimateState, version: number) =>
  state.approvals.find((approval) => approval.version === version) ?? null;

/** The form's field for a line's choice. */
export const decisionField = (lineId: string) => `decision-${lineId}`;

export async function decide(
  env: Pick<AppEnv, "DB">,
  state: EstimateState,
  form: FormData,
  signer: Signer,
): Promise<Decided> {
  const { estimate, current } = state;
  const version = form.get("version");
  if (typeof version !== "string" || version !== String(estimate.version)) {
    return refused("conflict", "This estimate changed since you opened it. Please look at the new version below.");
  }
  if (decisionOn(state, estimate.version) || estimate.status === "draft") {
    return refused("conflict", "This estimate has already been decided. Nothing was changed.");
  }
  const approved: string[] = [];
  const declined: string[] = [];
  for (const line of current.lines) {
    const choice = form.get(decisionField(line.id));
    if (choice === "approve") approved.push(line.id);
    else if (choice === "decline") declined.push(line.id);
    else return invalid(decisionField(line.id), `Please choose Approve or Decline for "${line.description}".`);
  }
  const name = nameRule.safeParse(form.get("name") ?? undefined);
  if (!name.success) {
    return invalid("name", name.error.issues[0]?.message ?? "Please type your full name.");
  }
  const approvedTotal = totalOfLines(current.lines, approved, current.taxRule);
  const snapshot: ApprovalSnapshot = {
    estimateNumber: estimate.number,
    version: current.version,
    vehicle: current.vehicle,
    lines: current.lines,
    subtotal: current.subtotal,
    tax: current.tax,
    total: current.total,
    taxRule: current.taxRule,
    rightsText: rightsText(),
    approvedLineIds: approved,
    declinedLineIds: declined,
    approvedTotal,
  };
  const db = getDb(env);
  try {
    const results = await db.batch([
      db.insert(estimateApprovals).values({
        estimateId: estimate.id,
        version: current.version,
        decidedAt: signer.at,
        name: name.data,
        approvedTotal,
        snapshot,
        clientAddress: signer.clientAddress,
        userAgent: signer.userAgent,
      }),
      db
        .update(estimates)
        .set({ status: statusAfterDecision(approved.length, declined.length), updatedAt: signer.at })
        .where(and(eq(estimates.id, estimate.id), eq(estimates.version, current.version))),
      // Declined work: the desk calls back in 30 days (issue 39 item 7).
      declinedFollowUpWrite(db, estimate.serviceRequestId, signer.at, declined.length),
      // The shop is told (a revision written meanwhile leaves the status to it, and the snapshot
      // still records what the customer saw and signed).
      estimateEmailInsert(db, {
        estimateId: estimate.id,
        purpose: "decision",
        version: current.version,
        at: signer.at,
      }),
    ]);
    return { ok: true, messageIds: idsOf(results) };
  } catch (error) {
    // Two decisions at once: the unique index keeps the first.
    if (!isConstraintError(error)) throw error;
    return refused("conflict", "This estimate has already been decided. Nothing was changed.");
  }
}
