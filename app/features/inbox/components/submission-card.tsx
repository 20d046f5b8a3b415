import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ServiceNames } from "~/content/services";
import type { ServiceRequest } from "~/db/schema/inbox";
import { formatPhone, telHref } from "~/forms/phone-link";
import { formatSubmittedAt } from "~/hours/shop-calendar";
import type { IconComponent } from "~/ui/card";
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
import { timeAgo } from "~/features/desk/desk";
import { PossibleSpamNote } from "./possible-spam-note";
import { RepliedBadge } from "~/features/replies/replies";
import { StatusBadge } from "./status-badge";
import { EMAIL_FAILING_LABEL, EmailFailingNote } from "./customer-flags";

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
  /** When the customer's email answer came in, while it waits on staff (app/features/replies/). */
  repliedAt?: Date | null;
  /** An earlier request from the same customer exists (decision 047). */
  returning?: boolean;
  /** The visitor booked it themselves at /book (docs/decisions/064). */
  bookedOnline?: boolean;
  /** Email to the customer bounced and they have not written since (decision 041). */
  emailFailing?: boolean;
  /** Whether the shop's email about it went out. */
  notification?: NotificationState;
  /** The call-back desk: when to call back, and who handles it (a username). */
  followUpAt?: Date | null;
  assignee?: string | null;
} & FormFields;

/** "Brake Repair · Squeaks when I stop at… · 2019 Honda Civic": what they need, on one line. */
export function needLine(
  kind: InboxKind,
  record: SubmissionCardData,
  services: ServiceNames,
): { service?: string; rest: string } {
  const fields = shownFields(kind, record, services);
  const service = textsIn(fields, "service")[0];
  const vehicle = vehicleSummary(fields);
  const message = record.message.replace(/\s+/g, " ").slice(0, 140);
  return { service, rest: [message, vehicle].filter(Boolean).join(" · ") };
}

// The shop reads its inbox in Pikesville: times are shown in its zone, whatever the server's.
export const fullName = (record: { firstName: string; lastName: string }) =>
  `${record.firstName} ${record.lastName}`.trim();

/**
 * One contact message or service request, in one markup for both widths: below 1024 px a card with
 * everything the visitor gave; from 1024 px a dense row of the list's grid (decision 037), its
 * parts placed in their columns and the card's other parts hidden; the parts' classes are named in
 * ../inbox-row.css (decision 053). Everything shown was
 * typed by a visitor: text only. `href` is the record's own page; `status` may run ahead of the
 * record's (a change on its way).
 */
export function SubmissionCard({
  kind,
  submission,
  href,
  status = submission.status,
  actions,
  desk,
  deskCell,
  now,
  services,
}: {
  kind: InboxKind;
  submission: SubmissionCardData;
  href: string;
  status?: SubmissionStatus;
  actions?: ReactNode;
  /** Who handles it and when to call back (the call-back desk's line), on the card when there is either. */
  desk?: ReactNode;
  /** The same for the row's "Handled by" column ("Unassigned" included). */
  deskCell: ReactNode;
  /** The request's time: "3 h ago" on the row. */
  now: Date;
  /** The services' names in the catalog (a request shows its service's name as of now). */
  services: ServiceNames;
}) {
  const name = fullName(submission);
  const fields = shownFields(kind, submission, services);
  const service = textsIn(fields, "service")[0];
  const received = submission.submittedAt;
  const need = needLine(kind, submission, services);
  const flag =
    status === "spam" && submission.spamReason
      ? `Spam: ${spamReasonLabels[submission.spamReason]}`
      : status !== "spam" && submission.possibleSpam
        ? "Possible spam"
        : null;
  const shopEmailFailing =
    submission.notification && !submission.notification.sentAt && submission.notification.lastError;
  return (
    <article className="inbox-record">
      <header className="inbox-record-head">
        <div className="inbox-record-title">
          <h3 className="inbox-cell-name">
            <Link to={href} className="underline-offset-2 hover:underline" title={name}>
              {name}
            </Link>
          </h3>
          <div className="inbox-cell-status">
            <StatusBadge status={status} />
            {submission.repliedAt ? <RepliedBadge /> : null}
          </div>
        </div>
        <p className="inbox-cell-received">
          <CalendarIcon className="size-4 shrink-0 lg:hidden" />
          <span className="sr-only">Received </span>
          {received ? (
            <>
              <time dateTime={received.toISOString()} className="lg:block lg:truncate">
                {formatSubmittedAt(received)}
              </time>
              <span className="hidden lg:inline">{timeAgo(received, now)}</span>
              {/* One element for both widths: after the date on a card, after "3 h ago" on a row. */}
              {submission.returning ? (
                <span className="font-semibold text-teal-900">
                  {" "}
                  · Returning<span className="sr-only"> customer</span>
                </span>
              ) : null}
              {submission.bookedOnline ? <span className="font-semibold text-blue-900"> · Booked online</span> : null}
            </>
          ) : (
            "N/A"
          )}
        </p>
      </header>
      {service !== undefined ? (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-800 lg:hidden">
          <WrenchIcon className="size-4 shrink-0" />
          <span className="sr-only">Service requested: </span>
          {service}
        </p>
      ) : null}
      {status === "spam" && submission.spamReason ? (
        <p className="mt-2 text-sm text-red-800 lg:hidden">Spam: {spamReasonLabels[submission.spamReason]}</p>
      ) : null}
      {status !== "spam" && submission.possibleSpam ? (
        <div className="lg:hidden">
          <PossibleSpamNote />
        </div>
      ) : null}
      {submission.emailFailing ? (
        <div className="lg:hidden">
          <EmailFailingNote />
        </div>
      ) : null}
      {desk ? <p className="mt-2 text-sm text-slate-700 lg:hidden">{desk}</p> : null}
      <div className="lg:hidden">
        <DetailLines fields={fields} />
        {submission.notification ? <NotificationLine state={submission.notification} /> : null}
      </div>
      <dl className="inbox-card-contact">
        <ContactEntry icon={MailIcon} label="Email" cell="inbox-cell-email" shrinks>
          <a href={`mailto:${submission.email}`} className="inbox-link" title={submission.email}>
            {submission.email}
          </a>
        </ContactEntry>
        <ContactEntry icon={PhoneIcon} label="Phone" cell="inbox-cell-phone">
          <a href={telHref(submission.phone)} className="inbox-link">
            {formatPhone(submission.phone)}
          </a>
        </ContactEntry>
      </dl>
      <p className="inbox-cell-need" title={[need.service, need.rest].filter(Boolean).join(" · ")}>
        {flag ? <span className="font-semibold text-red-800">{flag} · </span> : null}
        {submission.emailFailing ? <span className="font-semibold text-red-800">{EMAIL_FAILING_LABEL} · </span> : null}
        {shopEmailFailing ? <span className="font-semibold text-red-800">Shop&apos;s email failing · </span> : null}
        {need.service ? <span className="font-semibold">{need.service} · </span> : null}
        {need.rest}
      </p>
      <p className="inbox-card-message">
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
      <p className="inbox-cell-desk">{deskCell}</p>
      {actions ? <div className="inbox-cell-mark">{actions}</div> : null}
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

/**
 * A way to reach the customer: below 1024 px an icon (named for screen readers) beside it, from
 * there the row's `cell`. `shrinks`: a long one (an email address) may narrow to fit the card.
 */
function ContactEntry({
  icon: Icon,
  label,
  cell,
  shrinks = false,
  children,
}: {
  icon: IconComponent;
  label: string;
  cell: string;
  shrinks?: boolean;
  children: ReactNode;
}) {
  return (
    <div className={shrinks ? "flex min-w-0 items-center gap-2 lg:contents" : "flex items-center gap-2 lg:contents"}>
      <dt className="lg:sr-only">
        <Icon className="size-4 text-slate-500" />
        <span className="sr-only">{label}</span>
      </dt>
      <dd className={cell}>{children}</dd>
    </div>
  );
}
