import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ServiceRequest } from "~/db/schema/inbox";
import { formatPhone, telHref } from "~/forms/phone-link";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import { CalendarIcon, CarIcon, ClockIcon, MailIcon, PhoneIcon, WrenchIcon } from "~/ui/icons";
import type { InboxKind } from "~/records/kinds";
import { notificationLine, type NotificationState } from "~/features/inbox/notification";
import {
  type ShownField,
  shownFields,
  textsIn,
  vehicleSummary,
  type VisitorField,
  visitSummary,
} from "~/features/inbox/record-fields";
import { spamReasonLabels, type SpamReason, type SubmissionStatus } from "~/records/statuses";
import { PossibleSpamNote } from "./possible-spam-note";
import { StatusBadge } from "./status-badge";

/** What a form may add to the fields every record has (the service, the vehicle, the visit…). */
type FormFields = Partial<Pick<ServiceRequest, VisitorField<"serviceRequest">>>;

export type SubmissionCardData = {
  id: string;
  firstName: string;
  lastName: string;
  email: string;
  phone: string;
  /** The message, or its beginning when `messageCut` (the record's page has all of it). */
  message: string;
  messageCut?: boolean;
  submittedAt: Date | null;
  status: SubmissionStatus;
  spamReason: SpamReason | null;
  /** Kept in the inbox although its hidden field was filled (autofill can do that to customers). */
  possibleSpam?: boolean;
  /** Whether the shop's email about it went out. */
  notification?: NotificationState;
  /** The call-back desk: when to call back, and who handles it (a username). */
  followUpAt?: Date | null;
  assignee?: string | null;
} & FormFields;

// The shop reads its inbox in Pikesville: times are shown in its zone, whatever the server's.
export const fullName = (record: { firstName: string; lastName: string }) =>
  `${record.firstName} ${record.lastName}`.trim();

/**
 * One contact message or service request. Everything shown was typed by a visitor: text only.
 * `href` is the record's own page; `status` may run ahead of the record's (a change on its way).
 */
export function SubmissionCard({
  kind,
  submission,
  href,
  status = submission.status,
  actions,
  desk,
}: {
  kind: InboxKind;
  submission: SubmissionCardData;
  href: string;
  status?: SubmissionStatus;
  actions?: ReactNode;
  /** Who handles it and when to call back (the call-back desk's line). */
  desk?: ReactNode;
}) {
  const name = fullName(submission);
  const fields = shownFields(kind, submission);
  const service = textsIn(fields, "service")[0];
  return (
    <article className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <header className="flex flex-wrap items-start justify-between gap-x-4 gap-y-1">
        <div className="flex min-w-0 flex-wrap items-center gap-x-3 gap-y-1">
          <h3 className="text-lg font-semibold break-words text-blue-950">
            <Link to={href} className="underline-offset-2 hover:underline">
              {name}
            </Link>
          </h3>
          <StatusBadge status={status} />
        </div>
        <p className="flex items-center gap-1.5 text-sm text-slate-600">
          <CalendarIcon className="size-4 shrink-0" />
          {submission.submittedAt ? (
            <time dateTime={submission.submittedAt.toISOString()}>{formatSubmittedAt(submission.submittedAt)}</time>
          ) : (
            "N/A"
          )}
        </p>
      </header>
      {service !== undefined ? (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-800">
          <WrenchIcon className="size-4 shrink-0" />
          <span className="sr-only">Service requested: </span>
          {service}
        </p>
      ) : null}
      {status === "spam" && submission.spamReason ? (
        <p className="mt-2 text-sm text-red-800">Spam: {spamReasonLabels[submission.spamReason]}</p>
      ) : null}
      {status !== "spam" && submission.possibleSpam ? <PossibleSpamNote /> : null}
      {desk ? <p className="mt-2 text-sm text-slate-700">{desk}</p> : null}
      <DetailLines fields={fields} />
      {submission.notification ? <NotificationLine state={submission.notification} /> : null}
      <dl className="mt-3 grid gap-1 text-sm sm:grid-cols-2">
        <div className="flex min-w-0 items-center gap-2">
          <dt>
            <MailIcon className="size-4 text-slate-500" />
            <span className="sr-only">Email</span>
          </dt>
          <dd className="min-w-0 break-all">
            <a href={`mailto:${submission.email}`} className="text-blue-800 underline-offset-2 hover:underline">
              {submission.email}
            </a>
          </dd>
        </div>
        <div className="flex items-center gap-2">
          <dt>
            <PhoneIcon className="size-4 text-slate-500" />
            <span className="sr-only">Phone</span>
          </dt>
          <dd>
            <a href={telHref(submission.phone)} className="text-blue-800 underline-offset-2 hover:underline">
              {formatPhone(submission.phone)}
            </a>
          </dd>
        </div>
      </dl>
      <p className="mt-3 rounded-md bg-slate-50 p-3 text-sm break-words whitespace-pre-wrap text-slate-800">
        {submission.message}
        {submission.messageCut ? (
          <>
            {"… "}
            <Link to={href} className="font-medium text-blue-800 underline underline-offset-2">
              Read all<span className="sr-only"> of {name}&apos;s message</span>
            </Link>
          </>
        ) : null}
      </p>
      {actions ? <div className="mt-4 border-t border-slate-100 pt-3">{actions}</div> : null}
    </article>
  );
}

/** The vehicle, the visit, and any field with a line of its own, when the visitor gave them. */
function DetailLines({ fields }: { fields: readonly ShownField[] }) {
  const vehicle = vehicleSummary(fields);
  const visit = visitSummary(fields);
  const lines = fields.filter((field) => field.place === "line" && field.text !== null);
  if (!vehicle && !visit && lines.length === 0) return null;
  return (
    <ul className="mt-3 grid gap-1 text-sm text-slate-800">
      {vehicle ? (
        <li className="flex items-center gap-2">
          <CarIcon className="size-4 shrink-0 text-slate-500" />
          <span className="sr-only">Vehicle: </span>
          <span className="break-words">{vehicle}</span>
        </li>
      ) : null}
      {visit ? (
        <li className="flex items-center gap-2">
          <ClockIcon className="size-4 shrink-0 text-slate-500" />
          {visit}
        </li>
      ) : null}
      {lines.map((field) => (
        <li key={field.key} className="break-words">
          {field.label}: {field.text}
        </li>
      ))}
    </ul>
  );
}

/** Whether the shop's email about it went out: "Emailed 10:42 AM" or "Email failing, retrying". */
export function NotificationLine({ state }: { state: NotificationState }) {
  const line = notificationLine(state);
  if (!line) return null;
  return (
    <p className={`mt-2 flex items-center gap-2 text-sm ${state.sentAt ? "text-slate-600" : "text-red-800"}`}>
      <MailIcon className="size-4 shrink-0" />
      {state.sentAt ? <time dateTime={state.sentAt.toISOString()}>{line}</time> : line}
    </p>
  );
}
