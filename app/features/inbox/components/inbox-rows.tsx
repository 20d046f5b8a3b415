import { followUpState, formatShortShopDateTime } from "~/features/desk/follow-up";
import { formatShopDateTime } from "~/hours/shop-calendar";
import type { InboxKind } from "~/features/inbox/kinds";
import { shownFields, textsIn, vehicleSummary } from "~/features/inbox/record-fields";
import type { SubmissionCardData } from "./submission-card";

// The inbox from 1024 px: one dense row per record, for triage (decision 037). Every fact of the
// card is on the row (cut to fit, whole in its title and on the record's page); the name is the
// row's first link, so Tab walks the rows in order. The row is the card's own markup laid out on
// this grid (submission-card.tsx): one list for both widths.

/** Each column's width: the need takes what is left. */
export const ROW_GRID =
  "lg:grid lg:grid-cols-[5.25rem_minmax(6rem,9rem)_7rem_minmax(6rem,10rem)_minmax(8rem,1fr)_11rem_minmax(6rem,9.5rem)_12.5rem] lg:items-center lg:gap-x-2";

export type MemberNames = Record<string, string>;

/** "Brake Repair · Squeaks when I stop at… · 2019 Honda Civic": what they need, on one line. */
export function needLine(kind: InboxKind, record: SubmissionCardData): { service?: string; rest: string } {
  const fields = shownFields(kind, record);
  const service = textsIn(fields, "service")[0];
  const vehicle = vehicleSummary(fields);
  const message = record.message.replace(/\s+/g, " ").slice(0, 140);
  return { service, rest: [message, vehicle].filter(Boolean).join(" · ") };
}

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
      className={`hidden ${ROW_GRID} border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold text-slate-600`}
    >
      <span>Status</span>
      <span>Name</span>
      <span>Phone</span>
      <span>Email</span>
      <span>What they need</span>
      <span>Received</span>
      <span>Handled by</span>
      <span className="text-right">Mark</span>
    </div>
  );
}
