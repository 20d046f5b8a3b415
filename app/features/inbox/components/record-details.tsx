import { type DeskMember, namesOf } from "~/features/desk/desk";
import type { ServiceNames } from "~/content/services";
import { formatPhone, telHref } from "~/forms/phone-link";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import type { InboxKind } from "~/records/kinds";
import { notificationLine, type NotificationState } from "../notification";
import { shownFields, vehicleSummary, visitSummary } from "../record-fields";
import { DeskLine } from "./inbox-rows";
import type { SubmissionCardData } from "./submission-card";

/** A row of the record's fields, when the visitor gave it. */
const optionalRow = (label: string, value: string | null): [string, string][] => (value ? [[label, value]] : []);

/**
 * The record's fields on its page: who, how to reach them, what they need, when it came, who handles
 * it and whether the shop's email went out. The message itself opens the timeline.
 */
export function RecordDetails({
  kind,
  record,
  members,
  now,
  services,
}: {
  kind: InboxKind;
  record: SubmissionCardData & { submittedAt: Date; notification: NotificationState };
  members: readonly DeskMember[];
  now: Date;
  /** The services' names in the catalog. */
  services: ServiceNames;
}) {
  const described = shownFields(kind, record, services);
  const rowsIn = (place: "name" | "service" | "line") =>
    described.flatMap((field): [string, string][] =>
      field.place === place && field.text !== null ? [[field.label, field.text]] : [],
    );
  const fields: [string, React.ReactNode][] = [
    ...rowsIn("name"),
    [
      "Email",
      <a key="email" href={`mailto:${record.email}`} className="break-all text-blue-800 underline">
        {record.email}
      </a>,
    ],
    [
      "Phone",
      <a key="phone" href={telHref(record.phone)} className="text-blue-800 underline">
        {formatPhone(record.phone)}
      </a>,
    ],
    ...rowsIn("service"),
    ...optionalRow("Vehicle", vehicleSummary(described)),
    ...optionalRow("Visit", visitSummary(described)),
    ...rowsIn("line"),
    ["Received", formatSubmittedAt(record.submittedAt)],
    ["Handled by", <DeskLine key="desk" record={record} names={namesOf(members)} now={now} />],
    ...optionalRow("Shop's email", notificationLine(record.notification)),
    ...optionalRow("Email error", record.notification.sentAt ? null : record.notification.lastError),
  ];
  return (
    <dl className="mt-6 grid gap-x-6 gap-y-3 rounded-lg border border-slate-200 bg-white p-5 shadow-sm sm:grid-cols-[9rem_1fr] lg:mt-6 lg:grid-cols-[6.5rem_1fr] lg:gap-x-4 lg:gap-y-1.5 lg:p-4">
      {fields.map(([label, value]) => (
        <div key={label} className="contents">
          <dt className="text-sm font-semibold text-slate-600">{label}</dt>
          <dd className="text-slate-900 lg:text-sm">{value}</dd>
        </div>
      ))}
    </dl>
  );
}
