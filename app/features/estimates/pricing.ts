import type { EstimateLine, LineKind, TaxRule } from "./vocabulary";

// Every amount of an estimate, in integer cents (issue 39, docs/decisions/065-estimates-and-approvals.md).
// Nothing here uses floating-point money: a quantity is counted in hundredths, products are
// integers, and the one division (tax) rounds half up once per estimate, never per line.

/** Maryland's rule as the shop starts with it: 6% on parts and fees, labour stated separately is not taxed. */
export const MARYLAND_TAX_RULE: TaxRule = { rateBasisPoints: 600, appliesTo: ["part", "fee"] };

/** `numerator / denominator` rounded half up, for non-negative integers (BigInt: no precision lost). */
export function divideHalfUp(numerator: bigint, denominator: bigint): number {
  return Number((numerator * 2n + denominator) / (denominator * 2n));
}

/** A quantity in hundredths (1.5 hours is 150): quantities carry at most two decimals. */
export const hundredths = (quantity: number) => Math.round(quantity * 100);

/** A line's total: quantity × unit price, rounded half up to the cent. */
export const lineTotal = (quantity: number, unitPrice: number) =>
  divideHalfUp(BigInt(hundredths(quantity)) * BigInt(unitPrice), 100n);

export type Totals = { subtotal: number; tax: number; total: number };

/** The subtotal, the tax (by the rule, on the kinds it names, rounded half up once) and the total. */
export function totalsOf(lines: readonly Pick<EstimateLine, "kind" | "total">[], rule: TaxRule): Totals {
  const taxed = new Set<LineKind>(rule.appliesTo);
  const subtotal = lines.reduce((sum, line) => sum + line.total, 0);
  const taxable = lines.reduce((sum, line) => sum + (taxed.has(line.kind) ? line.total : 0), 0);
  const tax = divideHalfUp(BigInt(taxable) * BigInt(rule.rateBasisPoints), 10_000n);
  return { subtotal, tax, total: subtotal + tax };
}

/** What the lines named cost with their tax: the approved work's price. */
export function totalOfLines(lines: readonly EstimateLine[], ids: Iterable<string>, rule: TaxRule): number {
  const chosen = new Set(ids);
  return totalsOf(
    lines.filter((line) => chosen.has(line.id)),
    rule,
  ).total;
}

/**
 * §14-1002(b): nothing may be charged more than 10% over the written estimate without the customer's
 * consent. True when `workTotal` is above 110% of `approvedTotal` (exactly 110% is still within it).
 */
export const exceedsTenPercent = (workTotal: number, approvedTotal: number) => workTotal * 10 > approvedTotal * 11;

/** "$1,234.56" from cents. */
export function formatCents(cents: number): string {
  const dollars = Math.trunc(cents / 100).toLocaleString("en-US");
  return `${cents < 0 ? "-" : ""}$${dollars.replace("-", "")}.${String(Math.abs(cents) % 100).padStart(2, "0")}`;
}
