import { Link } from "react-router";
import { formatPhone, telHref } from "~/forms/phone-link";
import { followUpState, formatShortShopDateTime, timeAgo } from "~/features/desk/desk";
import { formatShopDateTime } from "~/hours/shop-calendar";
import type { InboxKind } from "~/records/kinds";
import { shownFields, textsIn, vehicleSummary } from "~/features/inbox/record-fields";
import { spamReasonLabels } from "~/records/statuses";
import { StatusBadge } from "./status-badge";
import { StatusButtons, useStatusChange } from "./status-buttons";
import { fullName, type SubmissionCardData } from "./submission-card";

// The inbox from 1024 px: one dense row per record, for triage (decision 037). Every fact of the
// card is on the row (cut to fit, whole in its title and on the record's page); the name is the
// row's first link, so Tab walks the rows in order.

/** Each column's width: the need takes what is left. */
const GRID =
  "lg:grid lg:grid-cols-[5.25rem_minmax(6rem,9rem)_7rem_minmax(6rem,10rem)_minmax(8rem,1fr)_11rem_minmax(6rem,9.5rem)_12.5rem] lg:items-center lg:gap-x-2";

const cell = "truncate text-sm";

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

function InboxRow({
  kind,
  record,
  href,
  returnTo,
  names,
  now,
}: {
  kind: InboxKind;
  record: SubmissionCardData;
  href: string;
  returnTo: string;
  names: MemberNames;
  now: Date;
}) {
  const action = href.split("?")[0] ?? href;
  const { shown, busy, onSubmit } = useStatusChange(action, record.status);
  const name = fullName(record);
  const need = needLine(kind, record);
  const received = record.submittedAt;
  const flag =
    shown === "spam" && record.spamReason
      ? `Spam: ${spamReasonLabels[record.spamReason]}`
      : shown !== "spam" && record.possibleSpam
        ? "Possible spam"
        : null;
  const emailFailing = record.notification && !record.notification.sentAt && record.notification.lastError;
  return (
    <article className={`${GRID} border-b border-slate-200 px-3 py-0.5 hover:bg-slate-50`}>
      <div>
        <StatusBadge status={shown} />
      </div>
      <h3 className={`${cell} font-semibold text-blue-950`}>
        <Link to={href} className="underline-offset-2 hover:underline" title={name}>
          {name}
        </Link>
      </h3>
      <a href={telHref(record.phone)} className={`${cell} text-blue-800 underline-offset-2 hover:underline`}>
        <span className="sr-only">Phone: </span>
        {formatPhone(record.phone)}
      </a>
      <a
        href={`mailto:${record.email}`}
        className={`${cell} text-blue-800 underline-offset-2 hover:underline`}
        title={record.email}
      >
        <span className="sr-only">Email: </span>
        {record.email}
      </a>
      <p className={`${cell} text-slate-800`} title={[need.service, need.rest].filter(Boolean).join(" · ")}>
        {flag ? <span className="font-semibold text-red-800">{flag} · </span> : null}
        {emailFailing ? <span className="font-semibold text-red-800">Shop&apos;s email failing · </span> : null}
        {need.service ? <span className="font-semibold">{need.service} · </span> : null}
        {need.rest}
      </p>
      <p className="min-w-0 text-xs leading-[0.875rem] text-slate-600">
        <span className="sr-only">Received </span>
        {received ? (
          <>
            <time dateTime={received.toISOString()} className="block truncate">
              {formatShopDateTime(received)}
            </time>
            <span className="block truncate text-slate-600">{timeAgo(received, now)}</span>
          </>
        ) : (
          "N/A"
        )}
      </p>
      <p className={`${cell} text-xs text-slate-700`}>
        <DeskLine record={record} names={names} now={now} />
      </p>
      <StatusButtons
        action={action}
        current={shown}
        returnTo={returnTo}
        onSubmit={onSubmit}
        busy={busy}
        name={name}
        compact
      />
    </article>
  );
}

/** The rows of a page, with a header naming the columns (the cells carry their own names for screen readers). */
export function InboxRows({
  kind,
  records,
  hrefOf,
  returnTo,
  names,
  now,
}: {
  kind: InboxKind;
  records: SubmissionCardData[];
  hrefOf: (record: SubmissionCardData) => string;
  returnTo: string;
  names: MemberNames;
  now: Date;
}) {
  return (
    <div className="hidden rounded-lg border border-slate-200 bg-white shadow-sm lg:block">
      <div
        aria-hidden="true"
        className={`${GRID} border-b border-slate-200 bg-slate-50 px-3 py-1.5 text-xs font-semibold text-slate-600`}
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
      <ul>
        {records.map((record) => (
          <li key={record.id}>
            <InboxRow kind={kind} record={record} href={hrefOf(record)} returnTo={returnTo} names={names} now={now} />
          </li>
        ))}
      </ul>
    </div>
  );
}
