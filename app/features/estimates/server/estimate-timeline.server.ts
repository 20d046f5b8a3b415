import { asc, eq, inArray } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { estimateApprovals, estimateMessages, estimates, estimateVersions } from "~/db/schema/estimates";
import type { AppEnv } from "~/http/env.server";
import { formatCents } from "../pricing";

// What a service request's timeline says of its estimates (issue 39): each version written, each
// email with the link, each decision, in the words staff read on the record page.

export type EstimateEvent = { at: Date; title: string; by: string | null; note: string | null };

export async function estimateEvents(env: Pick<AppEnv, "DB">, requestId: string): Promise<EstimateEvent[]> {
  const db = getDb(env);
  const rows = await db
    .select({ id: estimates.id, number: estimates.number })
    .from(estimates)
    .where(eq(estimates.serviceRequestId, requestId));
  if (rows.length === 0) return [];
  const ids = rows.map((row) => row.id);
  const numberOf = new Map(rows.map((row) => [row.id, row.number]));
  const [versions, messages, approvals] = await db.batch([
    db.select().from(estimateVersions).where(inArray(estimateVersions.estimateId, ids)),
    db
      .select()
      .from(estimateMessages)
      .where(inArray(estimateMessages.estimateId, ids))
      .orderBy(asc(estimateMessages.id)),
    db.select().from(estimateApprovals).where(inArray(estimateApprovals.estimateId, ids)),
  ]);
  const name = (id: string) => `Estimate ${numberOf.get(id) ?? ""}`;
  return [
    ...versions.map((version) => ({
      at: version.createdAt,
      title:
        version.version === 1
          ? `${name(version.estimateId)} written (${formatCents(version.total)})`
          : `${name(version.estimateId)} revised: version ${version.version} (${formatCents(version.total)})`,
      by: version.createdBy,
      note: null,
    })),
    ...messages
      .filter((message) => message.purpose === "estimate")
      .map((message) => ({
        at: message.createdAt,
        title: `${name(message.estimateId)} sent to the customer (version ${message.version})`,
        by: message.createdBy,
        note: message.lastError,
      })),
    ...approvals.map((approval) => ({
      at: approval.decidedAt,
      title: `${name(approval.estimateId)} decided by the customer: ${approval.snapshot.approvedLineIds.length} approved (${formatCents(approval.approvedTotal)}), ${approval.snapshot.declinedLineIds.length} declined`,
      by: null,
      note: `Signed “${approval.name}”`,
    })),
  ];
}
