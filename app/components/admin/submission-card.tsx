import type { ReactNode } from "react";
import { Link } from "react-router";
import type { ServiceRequest } from "~/db/schema";
import { shop } from "~/content/shop";
import { serviceRequestOptions } from "~/content/services";
import { preferredTimeLabels, type VisitType } from "~/content/vehicle-visit";
import { calendarDateFormat } from "~/hours/shop-calendar";
import { CalendarIcon, CarIcon, ClockIcon, MailIcon, PhoneIcon, WrenchIcon } from "~/components/ui/icons";
import { spamReasonLabels, type SpamReason, type SubmissionStatus } from "~/inbox/statuses";
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
} & Partial<VehicleVisit>;

// The shop reads its inbox in Pikesville: times are shown in its zone, whatever the server's.
const submittedAtFormat = new Intl.DateTimeFormat("en-US", {
  timeZone: shop.timeZone,
  year: "numeric",
  month: "short",
  day: "numeric",
  hour: "numeric",
  minute: "2-digit",
  timeZoneName: "short",
});

export function formatSubmittedAt(date: Date | null | undefined): string {
  return date && !Number.isNaN(date.getTime()) ? submittedAtFormat.format(date) : "N/A";
}

export function serviceLabel(value: string): string {
  return serviceRequestOptions.find((option) => option.value === value)?.label ?? value;
}

const visitTypeForStaff: Record<VisitType, string> = { wait: "Will wait", "drop-off": "Drop-off" };

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
    submission.visitType ? visitTypeForStaff[submission.visitType] : null,
  ].filter((part) => part !== null);
  return parts.length ? `Prefers ${parts.join(" · ")}` : null;
}

export const telHref = (phone: string) => `tel:${phone.replace(/[^\d+]/g, "")}`;

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
          {serviceLabel(submission.service)}
        </p>
      ) : null}
      {status === "spam" && submission.spamReason ? (
        <p className="mt-2 text-sm text-red-800">Spam: {spamReasonLabels[submission.spamReason]}</p>
      ) : null}
      <VehicleVisitLines submission={submission} />
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
