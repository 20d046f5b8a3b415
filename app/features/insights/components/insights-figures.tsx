import { formatCount, formatOldest, formatPercent, formatWait } from "~/features/insights/format";
import type { ReactNode } from "react";
import type { Insights, KindFigures } from "~/features/insights/insights.server";

// The window's figures: four cards for all requests together, then one table with every figure
// per kind and together (clock time and the open-hours clock side by side).

/** One part of the insights page under its heading; `id` names the heading (`<id>-heading`). */
export function FiguresSection({ id, heading, children }: { id: string; heading: ReactNode; children: ReactNode }) {
  return (
    <section aria-labelledby={`${id}-heading`} className="grid gap-3">
      <h2 id={`${id}-heading`} className="text-xl font-bold text-blue-950">
        {heading}
      </h2>
      {children}
    </section>
  );
}

export function Figure({ label, value, detail }: { label: string; value: string; detail: string }) {
  return (
    <div className="rounded-lg border border-slate-200 bg-white p-4 shadow-sm">
      <dt className="text-sm font-medium text-slate-600">{label}</dt>
      <dd className="mt-1 text-3xl font-bold text-blue-950">{value}</dd>
      <dd className="mt-1 text-sm text-slate-700">{detail}</dd>
    </div>
  );
}

export function InsightsCards({ figures }: { figures: KindFigures }) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2 lg:grid-cols-4">
      <Figure
        label="Answered within 24 hours"
        value={formatPercent(figures.withinPromisePercent)}
        detail={`${formatPercent(figures.withinPromiseOpenPercent)} counting open hours only`}
      />
      <Figure
        label="Answered within the first hour"
        value={formatPercent(figures.withinHourPercent)}
        detail={`${formatPercent(figures.withinHourOpenPercent)} counting open hours only`}
      />
      <Figure
        label="Median time to first contact"
        value={formatWait(figures.medianMinutes)}
        detail={`90th percentile ${formatWait(figures.p90Minutes)}`}
      />
      <Figure
        label="Still waiting for a first contact"
        value={formatCount(figures.waiting)}
        detail={figures.oldestWaitingAt ? `Oldest sent ${formatOldest(figures.oldestWaitingAt)}` : "Nobody is waiting"}
      />
    </dl>
  );
}

const rows: { label: string; value: (figures: KindFigures) => string }[] = [
  { label: "Requests received", value: (f) => formatCount(f.received) },
  { label: "Contacted", value: (f) => formatCount(f.contacted) },
  { label: "Contacted within 24 hours", value: (f) => formatCount(f.withinPromise) },
  { label: "Share within 24 hours", value: (f) => formatPercent(f.withinPromisePercent) },
  { label: "Share within 24 open hours", value: (f) => formatPercent(f.withinPromiseOpenPercent) },
  { label: "Share within the first hour", value: (f) => formatPercent(f.withinHourPercent) },
  { label: "Share within the first open hour", value: (f) => formatPercent(f.withinHourOpenPercent) },
  { label: "Median time to first contact", value: (f) => formatWait(f.medianMinutes) },
  { label: "Median, open hours", value: (f) => formatWait(f.medianOpenMinutes) },
  { label: "90th percentile", value: (f) => formatWait(f.p90Minutes) },
  { label: "90th percentile, open hours", value: (f) => formatWait(f.p90OpenMinutes) },
  { label: "Still waiting", value: (f) => formatCount(f.waiting) },
  { label: "Oldest waiting since", value: (f) => formatOldest(f.oldestWaitingAt) },
];

export function InsightsTable({ insights }: { insights: Insights }) {
  // [heading, its short form on a phone, figures]
  const columns: [string, string, KindFigures][] = [
    ["All requests", "All", insights.together],
    ["Contact messages", "Messages", insights.byKind.contact],
    ["Service requests", "Service", insights.byKind.serviceRequest],
  ];
  return (
    <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white shadow-sm">
      <table className="w-full text-left text-xs sm:text-sm">
        <caption className="sr-only">Every figure of the last {insights.days} days, by kind of request</caption>
        <thead className="bg-slate-100 text-slate-700">
          <tr>
            <th scope="col" className="px-2 py-2 font-semibold sm:px-3">
              Last {insights.days} days
            </th>
            {columns.map(([label, short]) => (
              <th key={label} scope="col" className="px-2 py-2 text-right font-semibold sm:px-3">
                <span className="sm:hidden">{short}</span>
                <span className="hidden sm:inline">{label}</span>
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-200">
          {rows.map((row) => (
            <tr key={row.label}>
              <th scope="row" className="px-2 py-2 font-medium text-slate-800 sm:px-3">
                {row.label}
              </th>
              {columns.map(([label, , figures]) => (
                <td key={label} className="px-2 py-2 text-right text-slate-900 tabular-nums sm:px-3">
                  {row.value(figures)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
