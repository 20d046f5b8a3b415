import { formatCents } from "./pricing";
import { CUSTOMER_RIGHTS, RIGHTS_HEADING } from "./rights";
import { type EstimateLine, lineKindLabels, SEVERITIES, severityLabels, type TaxRule } from "./vocabulary";

// An estimate as the pages show it, every amount and label already in words: the static blocks
// (./static/, rendered on the server only, docs/decisions/008-static-markup.md) import no code.

export type LineView = Pick<EstimateLine, "id" | "description" | "severity" | "note" | "quantity"> & {
  severityLabel: string;
  kindLabel: string;
  unitPrice: string;
  total: string;
};

export type TotalsView = { subtotal: string; taxLabel: string; tax: string; total: string };

export type RightsView = { heading: string; rights: readonly string[] };

const rank = (line: EstimateLine) => SEVERITIES.indexOf(line.severity);

/** The lines red first, then yellow, then green, each in the order staff wrote them. */
export const linesView = (lines: readonly EstimateLine[]): LineView[] =>
  lines
    .toSorted((a, b) => rank(a) - rank(b))
    .map((line) => ({
      id: line.id,
      description: line.description,
      severity: line.severity,
      severityLabel: severityLabels[line.severity],
      note: line.note,
      quantity: line.quantity,
      kindLabel: lineKindLabels[line.kind],
      unitPrice: formatCents(line.unitPrice),
      total: formatCents(line.total),
    }));

export function totalsView(totals: { subtotal: number; tax: number; total: number; taxRule: TaxRule }): TotalsView {
  const { rateBasisPoints, appliesTo } = totals.taxRule;
  const taxed = appliesTo.map((kind) => `${lineKindLabels[kind].toLowerCase()}s`).join(" and ");
  return {
    subtotal: formatCents(totals.subtotal),
    taxLabel: `Maryland sales tax (${rateBasisPoints / 100}%${taxed ? ` on ${taxed}` : ""})`,
    tax: formatCents(totals.tax),
    total: formatCents(totals.total),
  };
}

export const rightsView: RightsView = { heading: RIGHTS_HEADING, rights: CUSTOMER_RIGHTS };
