import type { AppEnv } from "~/http/env.server";
import type { ApprovalSnapshot, Severity } from "../vocabulary";

// What the insights measure of the estimates (issue 39 item 9), read here because the estimates'
// tables are this feature's (decision 046): the estimates first sent in a span, and each decision
// in a span with when its version was sent and how each line was decided.

export type EstimateDecisionFacts = {
  decidedAt: number;
  /** When the decided version was first sent (the staff's press of Send); null if never sent. */
  sentAt: number | null;
  approvedTotal: number;
  /** False when the customer decided the same estimate again later (a new version past 10%). */
  latest: boolean;
  lines: { severity: Severity; approved: boolean }[];
};

export type EstimateFacts = { sent: number; decisions: EstimateDecisionFacts[] };

type DecisionRow = {
  decided_at: number;
  sent_at: number | null;
  approved_total: number;
  latest: number;
  snapshot: string;
};

/**
 * The estimates first sent in [sentFrom, to) and the decisions made in [decidedFrom, to), in one
 * round trip. Times are epoch milliseconds.
 */
export async function readEstimateFacts(
  env: Pick<AppEnv, "DB">,
  { sentFrom, decidedFrom, to }: { sentFrom: number; decidedFrom: number; to: number },
): Promise<EstimateFacts> {
  const [sent, decisions] = await env.DB.batch([
    env.DB.prepare(
      `select count(*) as n from (
         select min(created_at) as first_sent from estimate_messages where purpose = 'estimate' group by estimate_id
       ) where first_sent >= ? and first_sent < ?`,
    ).bind(sentFrom, to),
    env.DB.prepare(
      `select a.decided_at, a.approved_total, a.snapshot,
         (select min(m.created_at) from estimate_messages m
           where m.estimate_id = a.estimate_id and m.version = a.version and m.purpose = 'estimate') as sent_at,
         not exists (select 1 from estimate_approvals later
           where later.estimate_id = a.estimate_id and later.version > a.version) as latest
       from estimate_approvals a where a.decided_at >= ? and a.decided_at < ? order by a.decided_at`,
    ).bind(decidedFrom, to),
  ]);
  const count = (sent?.results[0] as { n: number } | undefined)?.n ?? 0;
  return {
    sent: count,
    decisions: ((decisions?.results ?? []) as DecisionRow[]).map((row) => {
      const snapshot = JSON.parse(row.snapshot) as ApprovalSnapshot;
      const approved = new Set(snapshot.approvedLineIds);
      const decided = new Set([...snapshot.approvedLineIds, ...snapshot.declinedLineIds]);
      return {
        decidedAt: row.decided_at,
        sentAt: row.sent_at,
        approvedTotal: row.approved_total,
        latest: row.latest === 1,
        lines: snapshot.lines
          .filter((line) => decided.has(line.id))
          .map((line) => ({ severity: line.severity, approved: approved.has(line.id) })),
      };
    }),
  };
}
