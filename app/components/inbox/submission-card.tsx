import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ServiceRequest } from "~/db/schema";
import { serviceRequestLabel } from "~/content/services";
import { preferredTimeLabels, visitTypeStaffLabels } from "~/content/vehicle-visit";
import { telHref } from "~/forms/phone-link";
import { calendarDateFormat, formatShopDateTime } from "~/hours/shop-calendar";
import { CalendarIcon, CarIcon, ClockIcon, MailIcon, PhoneIcon, WrenchIcon } from "~/components/ui/icons";
import { notificationLine, type NotificationState } from "~/inbox/notification";
import { spamReasonLabels, type SpamReason, type SubmissionStatus } from "~/inbox/statuses";
import { PossibleSpamNote } from "./possible-spam-note";
import { StatusBadge } from "./status-badge";

/** What a service request may add: the vehicle and the visit the customer would like (each may be null). */
type VehicleVisit = Pick<
  ServiceRequest,
  "vehicleYear" | "vehicleMake" | "vehicleModel" | "mileage" | "preferredDate" | "preferredTime" | "visitType"
>;

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
  service?: string;
  status: SubmissionStatus;
  spamReason: SpamReason | null;
  /** Kept in the inbox although its hidden field was filled (autofill can do that to customers). */
  possibleSpam?: boolean;
  /** Whether the shop's email about it went out. */
  notification?: NotificationState;
} & Partial<VehicleVisit>;

// The shop reads its inbox in Pikesville: times are shown in its zone, whatever the server's.
export function formatSubmittedAt(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? formatShopDateTime(date) : "N/A";
}

const preferredDateFormat = calendarDateFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

/** "2019 Toyota RAV4 · 84,000 miles", from whatever the customer gave; null when nothing. */
export function vehicleSummary(submission: Partial<VehicleVisit>): string | null {
  const vehicle = [submission.vehicleYear, submission.vehicleMake, submission.vehicleModel]
    .filter((part) => part !== null && part !== undefined)
    .join(" ");
  const mileage =
    submission.mileage === null || submission.mileage === undefined
      ? ""
      : `${submission.mileage.toLocaleString("en-US")} miles`;
  return [vehicle, mileage].filter(Boolean).join(" · ") || null;
}

/** "Prefers Tue, Nov 24, 2026 · Morning · Will wait"; null when nothing was asked for. */
export function visitSummary(submission: Partial<VehicleVisit>): string | null {
  const parts = [
    submission.preferredDate ? preferredDateFormat(submission.preferredDate) : null,
    submission.preferredTime ? preferredTimeLabels[submission.preferredTime] : null,
    submission.visitType ? visitTypeStaffLabels[submission.visitType] : null,
  ].filter((part) => part !== null);
  return parts.length ? `Prefers ${parts.join(" · ")}` : null;
}

export const fullName = (record: { firstName: string; lastName: string }) =>
  `${record.firstName} ${record.lastName}`.trim();

/**
 * One contact message or service request. Everything shown was typed by a visitor: text only.
 * `href` is the record's own page; `status` may run ahead of the record's (a change on its way).
 */
export function SubmissionCard({
  submission,
  href,
  status = submission.status,
  actions,
}: {
  submission: SubmissionCardData;
  href: string;
  status?: SubmissionStatus;
  actions?: ReactNode;
}) {
  const name = fullName(submission);
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
      {submission.service !== undefined ? (
        <p className="mt-2 inline-flex items-center gap-1.5 rounded-full bg-red-50 px-3 py-1 text-sm font-medium text-red-800">
          <WrenchIcon className="size-4 shrink-0" />
          <span className="sr-only">Service requested: </span>
          {serviceRequestLabel(submission.service)}
        </p>
      ) : null}
      {status === "spam" && submission.spamReason ? (
        <p className="mt-2 text-sm text-red-800">Spam: {spamReasonLabels[submission.spamReason]}</p>
      ) : null}
      {status !== "spam" && submission.possibleSpam ? <PossibleSpamNote /> : null}
      <VehicleVisitLines submission={submission} />
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
              {submission.phone}
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

function VehicleVisitLines({ submission }: { submission: Partial<VehicleVisit> }) {
  const vehicle = vehicleSummary(submission);
  const visit = visitSummary(submission);
  if (!vehicle && !visit) return null;
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
