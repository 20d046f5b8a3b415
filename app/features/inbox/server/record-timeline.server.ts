import type { EstimateEvent } from "~/features/estimates/estimates.server";
import type { ConversationMessage } from "~/features/replies/replies";
import type { TimelineEntry } from "../timeline";
import type { InboxRecordWithHistory } from "../inbox.server";

// The one place a record's timeline is put together (issue 29): the request, its status changes,
// the desk's log, the emails and the estimates, oldest first, for the record page.

/**
 * What comes first among entries of the same millisecond: the request, then what staff did (a call,
 * a reply), then the status change it caused ("Call: Reached them", then "Contacted").
 */
const rank: Record<TimelineEntry["type"], number> = { request: 0, activity: 1, email: 1, estimate: 1, status: 2 };

/**
 * The record's timeline, oldest first. A reply sent from the record also writes "Emailed them" in
 * the desk's log (it counts as contact, decision 041) at the same moment by the same member: shown
 * once, as the email.
 */
export function recordTimeline(
  record: Pick<InboxRecordWithHistory, "submittedAt" | "message" | "history" | "activity">,
  messages: readonly ConversationMessage[],
  estimates: readonly EstimateEvent[] = [],
): TimelineEntry[] {
  const sent = new Set(
    messages.flatMap((message) => (message.direction === "out" ? [`${message.at.getTime()}:${message.by}`] : [])),
  );
  const entries: TimelineEntry[] = [
    { type: "request", at: record.submittedAt, message: record.message },
    // The history is read newest first.
    ...record.history.toReversed().map((change): TimelineEntry => ({
      type: "status",
      at: change.changedAt,
      status: change.status,
      by: change.changedByName,
    })),
    ...record.activity
      .filter((entry) => !(entry.type === "email" && sent.has(`${entry.at.getTime()}:${entry.by}`)))
      .map((entry): TimelineEntry => ({ type: "activity", at: entry.at, entry })),
    ...messages.map((message): TimelineEntry => ({ type: "email", at: message.at, message })),
    ...estimates.map((event): TimelineEntry => ({ type: "estimate", ...event })),
  ];
  // A stable sort: entries of one kind keep the order they were read in (by time, then id).
  return entries.toSorted((a, b) => a.at.getTime() - b.at.getTime() || rank[a.type] - rank[b.type]);
}
