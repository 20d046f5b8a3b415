import { exceedsTenPercent, lineTotal, totalOfLines } from "./pricing";
import type { EstimateInput, EstimateLineInput } from "./schemas";
import type { EstimateLine, EstimateStatus, EstimateVehicle, TaxRule } from "./vocabulary";

// The estimate's rules that are not arithmetic: which line is which across versions, what a
// decision makes of the status, and when a revision needs the customer again (§14-1002(b)).

export type LinesOutcome = { ok: true; lines: EstimateLine[] } | { ok: false; message: string };

/**
 * A new version's lines: a line sent with its id is that line changed (it must be one of the
 * previous version's), one without is a new line with a fresh id.
 */
export function linesOf(
  input: readonly EstimateLineInput[],
  previous: readonly EstimateLine[],
  newId: () => string,
): LinesOutcome {
  const known = new Set(previous.map((line) => line.id));
  const unknown = input.find((line) => line.id !== undefined && !known.has(line.id));
  if (unknown) return { ok: false, message: `No line of this estimate has the id "${unknown.id ?? ""}".` };
  const lines = input.map((line): EstimateLine => ({
    id: line.id ?? newId(),
    kind: line.kind,
    description: line.description,
    quantity: line.quantity,
    unitPrice: line.unitPrice,
    total: lineTotal(line.quantity, line.unitPrice),
    severity: line.severity,
    note: line.note ?? null,
  }));
  return { ok: true, lines };
}

/** The status a customer's decision gives: every line approved, some, or none. */
export function statusAfterDecision(approved: number, declined: number): EstimateStatus {
  if (approved === 0) return "declined";
  return declined === 0 ? "approved" : "partly approved";
}

/** The customer's latest decision, as the 10% rule reads it. */
export type Decision = {
  approvedLineIds: readonly string[];
  declinedLineIds: readonly string[];
  approvedTotal: number;
};

/**
 * The work a revision would now have the shop do under the customer's approval: the lines they
 * approved (as changed) and any line added since, which they have not declined. Lines they declined
 * stay declined.
 */
export function workAfterRevision(lines: readonly EstimateLine[], decision: Decision): string[] {
  const declined = new Set(decision.declinedLineIds);
  return lines.filter((line) => !declined.has(line.id)).map((line) => line.id);
}

/**
 * A revision's status: once the customer has approved work, a revision whose work costs more than
 * 110% of what they approved needs their approval again; at or within 110% their decision stands.
 * Before any approval a revision keeps the status it had (a draft stays a draft; a sent one is sent).
 */
export function statusAfterRevision(
  status: EstimateStatus,
  lines: readonly EstimateLine[],
  decision: Decision | null,
  rule: TaxRule,
): EstimateStatus {
  if (!decision || decision.approvedLineIds.length === 0) return status;
  const work = totalOfLines(lines, workAfterRevision(lines, decision), rule);
  if (exceedsTenPercent(work, decision.approvedTotal)) return "needs approval";
  // Within 10%: the customer's decision stands (a revision brought back within it included).
  return statusAfterDecision(decision.approvedLineIds.length, decision.declinedLineIds.length);
}

/** The vehicle as a version stores it: the VIN and mileage only when given. */
export function vehicleOf(input: EstimateInput["vehicle"]): EstimateVehicle {
  const { year, make, model, vin, mileage } = input;
  return { year, make, model, ...(vin ? { vin } : {}), ...(mileage === undefined ? {} : { mileage }) };
}
