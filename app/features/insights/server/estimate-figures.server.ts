import type { EstimateFacts } from "~/features/estimates/estimates.server";
import { percentile, percentOf } from "./measure.server";

// The estimates in the insights (issue 39 item 9): how many were sent, the share of decided lines
// approved per colour, the median time from sending to the customer's decision, and the dollars
// approved per week. A customer who decides again (a new version past 10%) replaces their earlier
// decision in the dollars: an estimate's approved work is counted once, at its latest decision.

export const SEVERITY_ORDER = ["red", "yellow", "green"] as const;

export type ColourRate = { approved: number; decided: number; percent: number | null };

export type EstimateFigures = {
  sent: number;
  decisions: number;
  approvalByColour: Record<(typeof SEVERITY_ORDER)[number], ColourRate>;
  medianMinutesToDecision: number | null;
  /** Cents approved by the decisions in the window. */
  approvedCents: number;
};

/** The window's figures from the facts (decisions before `windowStart` are the weeks' only). */
export function estimateFiguresOf(facts: EstimateFacts, windowStart: number): EstimateFigures {
  const decisions = facts.decisions.filter((decision) => decision.decidedAt >= windowStart);
  const rate = (severity: (typeof SEVERITY_ORDER)[number]): ColourRate => {
    const lines = decisions.flatMap((decision) => decision.lines.filter((line) => line.severity === severity));
    const approved = lines.filter((line) => line.approved).length;
    return { approved, decided: lines.length, percent: percentOf(approved, lines.length) };
  };
  const waits = Float64Array.from(
    decisions.flatMap(({ sentAt, decidedAt }) => (sentAt === null ? [] : [decidedAt - sentAt])),
  );
  const median = percentile(waits, 0.5);
  return {
    sent: facts.sent,
    decisions: decisions.length,
    approvalByColour: { red: rate("red"), yellow: rate("yellow"), green: rate("green") },
    medianMinutesToDecision: median === null ? null : Math.round(median / 60_000),
    approvedCents: approvedCentsOf(decisions),
  };
}

const approvedCentsOf = (decisions: EstimateFacts["decisions"]) =>
  decisions.reduce((sum, decision) => sum + (decision.latest ? decision.approvedTotal : 0), 0);

/** The cents approved in each week starting at `starts` (epoch ms, oldest first; the last runs to now). */
export function approvedCentsPerWeek(facts: EstimateFacts, starts: readonly number[]): number[] {
  return starts.map((start, index) => {
    const end = starts[index + 1] ?? Number.POSITIVE_INFINITY;
    return approvedCentsOf(facts.decisions.filter(({ decidedAt }) => decidedAt >= start && decidedAt < end));
  });
}
