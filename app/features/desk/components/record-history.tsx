import type { ReactNode } from "react";
import { activityTypeLabels, callOutcomeLabels, type ActivityEntry } from "~/features/desk/activity";
import { statusLabels, type SubmissionStatus } from "~/records/statuses";
import { formatSubmittedAt } from "~/hours/shop-calendar";

type HistoryRecord = {
  submittedAt: Date;
  history: { status: SubmissionStatus; changedByName: string; changedAt: Date }[];
  activity: ActivityEntry[];
};

/** A record's history, newest first: status changes and the call log side by side, then its arrival. */
export function RecordHistory({ record }: { record: HistoryRecord }) {
  const entries: { at: Date; body: ReactNode; note?: string }[] = [
    ...record.history.map(({ changedByName: who, status, changedAt }) => ({
      at: changedAt,
      body: (
        <>
          <span className="font-semibold text-slate-900">{statusLabels[status]}</span> by {who}
        </>
      ),
    })),
    ...record.activity.map((entry) => ({
      at: entry.at,
      body: (
        <>
          <span className="font-semibold text-slate-900">
            {entry.type === "call" && entry.outcome
              ? `Call: ${callOutcomeLabels[entry.outcome]}`
              : activityTypeLabels[entry.type]}
          </span>{" "}
          by {entry.by}
        </>
      ),
      note: entry.note,
    })),
  ].toSorted((a, b) => b.at.getTime() - a.at.getTime());
  return (
    <ol className="mt-3 grid gap-2 text-sm text-slate-700">
      {entries.map((entry, index) => (
        <li key={index}>
          {entry.body}, <time dateTime={entry.at.toISOString()}>{formatSubmittedAt(entry.at)}</time>
          {entry.note ? (
            <span className="mt-1 block rounded bg-slate-50 px-2 py-1 break-words whitespace-pre-wrap text-slate-800">
              {entry.note}
            </span>
          ) : null}
        </li>
      ))}
      <li>
        <span className="font-semibold text-slate-900">Received</span>,{" "}
        <time dateTime={record.submittedAt.toISOString()}>{formatSubmittedAt(record.submittedAt)}</time>
      </li>
    </ol>
  );
}
