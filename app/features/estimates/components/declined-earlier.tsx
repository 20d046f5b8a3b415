import { calendarDateFormat, shopWallClock } from "~/hours/shop-calendar";
import { formatCents } from "../pricing";
import { severityLabels, type DeclinedLine, type Severity } from "../vocabulary";

// "Declined earlier" on a service request's record (issue 39 item 7): the work this customer
// declined on an estimate, on this request or an earlier one, with the date the desk calls back.

const dateFormat = calendarDateFormat({ month: "short", day: "numeric", year: "numeric" });
/** "Nov 30, 2026", the shop's date of an instant. */
const formatShopDate = (instant: Date) => dateFormat(shopWallClock(instant).date);

const dot: Record<Severity, string> = { red: "bg-red-600", yellow: "bg-amber-400", green: "bg-emerald-600" };

/** The customer's declined lines, for the record page's "Declined earlier" section (its heading is the page's). */
export function DeclinedEarlier({ lines }: { lines: readonly DeclinedLine[] }) {
  return (
    <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white text-sm">
      {lines.map((line, index) => (
        <li key={`${line.serviceRequestId}:${line.estimateNumber}:${index}`} className="grid gap-1 p-3">
          <div className="flex flex-wrap items-baseline justify-between gap-2">
            <span className="flex items-center gap-2 font-semibold text-slate-900">
              <span aria-hidden="true" className={`size-2.5 shrink-0 rounded-full ${dot[line.severity]}`} />
              {line.description}
            </span>
            <span className="font-semibold text-slate-900">{formatCents(line.price)}</span>
          </div>
          <p className="text-slate-600">
            {`${severityLabels[line.severity]} · declined ${formatShopDate(new Date(line.decidedAt))} on `}
            <a
              href={`/incoming/service-requests/${line.serviceRequestId}`}
              className="text-blue-800 underline underline-offset-2"
            >
              estimate {line.estimateNumber}
            </a>
            {` · call back by ${formatShopDate(new Date(line.followUpAt))}`}
          </p>
        </li>
      ))}
    </ul>
  );
}
