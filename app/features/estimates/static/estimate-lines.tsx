import type { ReactNode } from "react";
import type { LineView, TotalsView } from "../views";
import type { EstimateVehicle, Severity } from "../vocabulary";

// The parts of an estimate every page shows alike (the customer's page, the record's section, the
// printed sheet): the vehicle, a line with its colour, and the totals. Static blocks: they render
// on the server only where the page does not hydrate (docs/decisions/008-static-markup.md), so
// they take everything in words (app/features/estimates/views.ts) and import no code.

const severityStyles: Record<Severity, { bar: string; dot: string; text: string }> = {
  red: { bar: "border-l-red-600", dot: "bg-red-600", text: "text-red-800" },
  yellow: { bar: "border-l-amber-500", dot: "bg-amber-500", text: "text-amber-900" },
  green: { bar: "border-l-green-600", dot: "bg-green-600", text: "text-green-800" },
};

export function VehicleLine({ vehicle }: { vehicle: EstimateVehicle }) {
  return (
    <p className="text-slate-800">
      <span className="font-semibold">
        {vehicle.year} {vehicle.make} {vehicle.model}
      </span>
      {vehicle.vin ? <span className="block text-sm break-all text-slate-600">VIN {vehicle.vin}</span> : null}
      {vehicle.mileage !== undefined ? (
        <span className="block text-sm text-slate-600">{vehicle.mileage.toLocaleString("en-US")} miles</span>
      ) : null}
    </p>
  );
}

/** The colour as words too: the colour alone would say nothing to a screen reader or on paper. */
export function SeverityTag({ severity, label }: { severity: Severity; label: string }) {
  const style = severityStyles[severity];
  return (
    <span className={`inline-flex items-center gap-1.5 text-sm font-semibold ${style.text}`}>
      <span aria-hidden="true" className={`estimate-dot inline-block size-2.5 rounded-full ${style.dot}`} />
      {label}
    </span>
  );
}

/** A line's facts under its title: its colour, note, quantity and price. */
export function LineFacts({ line }: { line: LineView }) {
  return (
    <>
      <SeverityTag severity={line.severity} label={line.severityLabel} />
      {line.note ? <p className="mt-1 text-sm whitespace-pre-line text-slate-700">{line.note}</p> : null}
      <p className="mt-1 flex flex-wrap justify-between gap-x-4 text-sm text-slate-600">
        <span>
          {line.kindLabel}: {line.quantity} × {line.unitPrice}
        </span>
        <span className="text-base font-semibold text-slate-900 tabular-nums">{line.total}</span>
      </p>
    </>
  );
}

/** A box for one line, its left edge in the line's colour. */
export function LineBox({ severity, children }: { severity: Severity; children: ReactNode }) {
  return (
    <div
      className={`estimate-line rounded-lg border border-l-4 border-slate-200 bg-white p-3 ${severityStyles[severity].bar}`}
    >
      {children}
    </div>
  );
}

export function Totals({ totals }: { totals: TotalsView }) {
  return (
    <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-1 tabular-nums">
      <dt className="text-slate-700">Subtotal</dt>
      <dd className="text-right">{totals.subtotal}</dd>
      <dt className="text-slate-700">{totals.taxLabel}</dt>
      <dd className="text-right">{totals.tax}</dd>
      <dt className="text-lg font-bold text-blue-950">Total</dt>
      <dd className="text-right text-lg font-bold text-blue-950">{totals.total}</dd>
    </dl>
  );
}

/**
 * The lines as a list, each in its box with its description and facts, then what the page adds
 * to it (the record's photo upload, the customer's photos and decision).
 */
export function LineList({
  lines,
  className,
  after,
}: {
  lines: readonly LineView[];
  className: string;
  after: (line: LineView) => ReactNode;
}) {
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.id}>
          <LineBox severity={line.severity}>
            <p className="font-semibold text-slate-900">{line.description}</p>
            <LineFacts line={line} />
            {after(line)}
          </LineBox>
        </li>
      ))}
    </ul>
  );
}
