import { followUpState, formatShortShopDateTime } from "~/features/desk/desk";
import { formatShopDateTime } from "~/hours/shop-calendar";
import type { SubmissionCardData } from "./submission-card";

// The inbox from 1024 px: one dense row per record, for triage (decision 037). Every fact of the
// card is on the row (cut to fit, whole in its title and on the record's page); the name is the
// row's first link, so Tab walks the rows in order. The row is the card's own markup laid out on
// the grid `inbox-grid` (app/features/inbox/inbox-row.css): one list for both widths.

export type MemberNames = Record<string, string>;

/** "Dana · call by Nov 25, 9:00 AM", overdue in red. */
export function DeskLine({
  record,
  names,
  now,
  className = "",
}: {
  record: SubmissionCardData;
  names: MemberNames;
  now: Date;
  className?: string;
}) {
  const who = record.assignee ? (names[record.assignee] ?? record.assignee) : null;
  const state = record.followUpAt ? followUpState(record.followUpAt, now) : null;
  if (!who && !record.followUpAt) return <span className={`${className} text-slate-600`}>Unassigned</span>;
  return (
    <span className={className}>
      {who ?? "Unassigned"}
      {record.followUpAt ? (
        <>
          {" · "}
          <span
            className={state === "overdue" ? "font-semibold text-red-800" : state === "today" ? "font-semibold" : ""}
          >
            {state === "overdue" ? "overdue, " : ""}call by{" "}
            <time dateTime={record.followUpAt.toISOString()} title={formatShopDateTime(record.followUpAt)}>
              {formatShortShopDateTime(record.followUpAt)}
            </time>
          </span>
        </>
      ) : null}
    </span>
  );
}

/** The names of the row's columns from 1024 px (each row's cells carry their own names for screen readers). */
export function InboxListHeader() {
  return (
    <div
      aria-hidden="true"
      className="inbox-grid hidden border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold text-slate-600 lg:grid"
    >
      {["Status", "Name", "Phone", "Email", "What they need", "Received", "Handled by"].map((column) => (
        <span key={column}>{column}</span>
      ))}
      <span className="text-right">Mark</span>
    </div>
  );
}
