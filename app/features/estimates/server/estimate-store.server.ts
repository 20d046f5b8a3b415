import { and, asc, desc, eq, sql } from "drizzle-orm";
import { type Database, getDb } from "~/db/db.server";
import {
  type EstimateApprovalRow,
  type EstimateRow,
  type EstimateVersionRow,
  estimateApprovals,
  estimateMessages,
  estimates,
  estimateVersions,
} from "~/db/schema/estimates";
import { serviceRequests } from "~/db/schema/inbox";
import { auditInsert } from "~/features/audit/audit.server";
import { refused, type Refused } from "~/http/outcome.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { totalsOf } from "../pricing";
import { type Decision, linesOf, statusAfterRevision, vehicleOf } from "../rules";
import type { EstimateInput } from "../schemas";
import type { EstimateLine, EstimateMessagePurpose, TaxRule } from "../vocabulary";
import { taxRuleOf } from "./settings/tax-rule.server";

// The estimates as D1 keeps them (docs/decisions/065-estimates-and-approvals.md): a new estimate
// and its first version in one batch; a revision as a new version, written only if nobody wrote one
// meanwhile; every read of an estimate with all its versions and decisions.

/** An estimate as every reader sees it: its row, its versions (oldest first) and its decisions. */
export type EstimateState = {
  estimate: EstimateRow;
  versions: EstimateVersionRow[];
  current: EstimateVersionRow;
  approvals: EstimateApprovalRow[];
};

/** A stored estimate, and the emails written with it for the queue to send (their ledger's ids). */
export type Stored = { ok: true; state: EstimateState; messageIds: number[] } | Refused;

/** A write that lost a race: a unique key (a version, a decision) someone else took first. */
export const isConstraintError = (error: unknown) =>
  error instanceof Error && String(error.message).includes("UNIQUE constraint failed");

const auditTargetOf = (requestId: string) => `service-requests/${requestId}`;

export async function readEstimate(env: Pick<AppEnv, "DB">, id: string): Promise<EstimateState | null> {
  const db = getDb(env);
  const [rows, versions, approvals] = await db.batch([
    db.select().from(estimates).where(eq(estimates.id, id)),
    db
      .select()
      .from(estimateVersions)
      .where(eq(estimateVersions.estimateId, id))
      .orderBy(asc(estimateVersions.version)),
    db
      .select()
      .from(estimateApprovals)
      .where(eq(estimateApprovals.estimateId, id))
      .orderBy(asc(estimateApprovals.version)),
  ]);
  const [estimate] = rows;
  const current = versions.find((version) => version.version === estimate?.version);
  return estimate && current ? { estimate, versions, current, approvals } : null;
}

/** The estimates of a service request, newest first. */
export async function estimatesOfRequest(env: Pick<AppEnv, "DB">, requestId: string): Promise<EstimateState[]> {
  const rows = await getDb(env)
    .select({ id: estimates.id })
    .from(estimates)
    .where(eq(estimates.serviceRequestId, requestId))
    .orderBy(desc(estimates.createdAt));
  const states = await Promise.all(rows.map((row) => readEstimate(env, row.id)));
  return states.filter((state) => state !== null);
}

/** The ids the batch's `returning` gave, from the results that are lists of rows. */
export const idsOf = (results: readonly unknown[]) =>
  results.flatMap((result) =>
    Array.isArray(result)
      ? result.flatMap((row: { id?: unknown }) => (typeof row.id === "number" ? [row.id] : []))
      : [],
  );

/** The customer's latest decision, as the 10% rule reads it. */
export function latestDecision(approvals: readonly EstimateApprovalRow[]): Decision | null {
  const latest = approvals.at(-1);
  if (!latest) return null;
  const { approvedLineIds, declinedLineIds } = latest.snapshot;
  return { approvedLineIds, declinedLineIds, approvedTotal: latest.approvedTotal };
}

/** A version's row: the vehicle and lines given, their totals under the owner's tax rule, who wrote it. */
const versionRow = (
  estimateId: string,
  version: number,
  input: EstimateInput,
  lines: EstimateLine[],
  rule: TaxRule,
  acting: Acting,
) => ({
  estimateId,
  version,
  vehicle: vehicleOf(input.vehicle),
  lines,
  ...totalsOf(lines, rule),
  taxRule: rule,
  createdAt: acting.at,
  createdBy: acting.actor?.name ?? null,
});

/**
 * An email of the estimate's ledger, due at once, for the queue to send (the link to the customer,
 * the customer's decision to staff), written in the batch of the change that causes it.
 */
export const estimateEmailInsert = (
  db: Database,
  email: { estimateId: string; purpose: EstimateMessagePurpose; version: number; at: Date; by?: string | null },
) =>
  db
    .insert(estimateMessages)
    .values({
      estimateId: email.estimateId,
      purpose: email.purpose,
      version: email.version,
      createdAt: email.at,
      createdBy: email.by,
      dueAt: email.at,
    })
    .returning({ id: estimateMessages.id });

/** POST /api/service-requests/<id>/estimates: a draft, numbered after the shop's last one. */
export async function createEstimate(
  env: Pick<AppEnv, "DB">,
  requestId: string,
  input: EstimateInput,
  acting: Acting,
): Promise<Stored> {
  const db = getDb(env);
  const [request] = await db
    .select({ id: serviceRequests.id })
    .from(serviceRequests)
    .where(eq(serviceRequests.id, requestId));
  if (!request) return refused("not-found", "No service request has this id.");
  const built = linesOf(input.lines, [], () => crypto.randomUUID());
  if (!built.ok) return refused("invalid", built.message, { fieldErrors: { lines: [built.message] } });
  const rule = await taxRuleOf(env);
  const id = crypto.randomUUID();
  const by = acting.actor?.name ?? null;
  // The number is taken in the insert itself: D1 runs one statement at a time, so two estimates
  // written at once still get two numbers.
  const number = sql<number>`(select coalesce(max(${estimates.number}), 1000) + 1 from ${estimates})`;
  await db.batch([
    db.insert(estimateVersions).values(versionRow(id, 1, input, built.lines, rule, acting)),
    db
      .insert(estimates)
      .values({ id, number, serviceRequestId: requestId, createdAt: acting.at, createdBy: by, updatedAt: acting.at }),
    auditInsert(db, {
      ...acting,
      action: "estimate.create",
      target: auditTargetOf(requestId),
      detail: { estimate: id },
    }),
  ]);
  const state = await readEstimate(env, id);
  if (!state) throw new Error("createEstimate: the estimate was not stored");
  return { ok: true, state, messageIds: [] };
}

/**
 * PUT /api/estimates/<id>: a new version with the vehicle and lines given. Past 10% over what the
 * customer approved, the status becomes `needs approval` and the link goes to them again (when it
 * was ever sent), in the same batch.
 */
export async function reviseEstimate(
  env: Pick<AppEnv, "DB">,
  id: string,
  input: EstimateInput,
  acting: Acting,
): Promise<Stored> {
  const before = await readEstimate(env, id);
  if (!before) return refused("not-found", "No estimate has this id.");
  const built = linesOf(input.lines, before.current.lines, () => crypto.randomUUID());
  if (!built.ok) return refused("invalid", built.message, { fieldErrors: { lines: [built.message] } });
  const rule = await taxRuleOf(env);
  const { estimate } = before;
  const version = estimate.version + 1;
  const status = statusAfterRevision(estimate.status, built.lines, latestDecision(before.approvals), rule);
  const askAgain = status === "needs approval" && estimate.tokenHash !== null;
  const by = acting.actor?.name ?? null;
  const db = getDb(env);
  let messageIds: number[];
  try {
    const [, , ...rest] = await db.batch([
      // Only from the version read: a revision written meanwhile makes this one change nothing.
      db
        .update(estimates)
        .set({ version, status, updatedAt: acting.at })
        .where(and(eq(estimates.id, id), eq(estimates.version, estimate.version))),
      db.insert(estimateVersions).values(versionRow(id, version, input, built.lines, rule, acting)),
      ...(askAgain
        ? [estimateEmailInsert(db, { estimateId: id, purpose: "estimate", version, at: acting.at, by })]
        : []),
      auditInsert(db, {
        ...acting,
        action: "estimate.revise",
        target: auditTargetOf(estimate.serviceRequestId),
        detail: { estimate: id, version, status },
      }),
    ]);
    messageIds = idsOf(rest);
  } catch (error) {
    // Another revision took this version number first.
    if (!isConstraintError(error)) throw error;
    return refused("conflict", "Someone changed this estimate meanwhile: read it again and retry.");
  }
  const state = await readEstimate(env, id);
  if (!state) return refused("not-found", "No estimate has this id.");
  return { ok: true, state, messageIds };
}
