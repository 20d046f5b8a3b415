import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { estimateSettings } from "~/db/schema/estimates";
import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { auditInsert } from "~/features/audit/audit.server";
import type { AppEnv } from "~/http/env.server";
import type { Acting } from "~/http/staff-member.server";
import { formatCents, MARYLAND_TAX_RULE } from "../../pricing";
import { ESTIMATE_LIMITS, LINE_KINDS, type LineKind, type TaxRule } from "../../vocabulary";

// The owner's estimate settings (issue 39 item 9): the labour rate, the tax rule and the terms
// printed on an estimate. Stored in D1 by an owner (one row); until one saves them, Maryland's rule
// (docs/decisions/065-estimates-and-approvals.md) and the shipped terms hold. Read fresh each time:
// the next version priced uses the rule saved a moment ago (tax-rule.server.ts is its one reader
// for pricing).

export type EstimateSettings = {
  /** Cents per hour of labour; null until an owner sets it. */
  labourRate: number | null;
  tax: TaxRule;
  terms: string;
  /** Who saved them last and when; null while the shipped values hold. */
  saved: { by: string | null; at: Date } | null;
};

export const TERMS_MAX = 4000;
/** 100% in basis points: a rate above it is a typing mistake, never a tax. */
const MAX_RATE_BASIS_POINTS = 10_000;

export const DEFAULT_TERMS =
  "This estimate is good for 30 days. Prices include the parts and labour listed; tax is shown separately. " +
  "We will not do work you have not approved, and we ask again before charging more than 10% over the approved total.";

export const estimateSettingsDefaults: EstimateSettings = {
  labourRate: null,
  tax: MARYLAND_TAX_RULE,
  terms: DEFAULT_TERMS,
  saved: null,
};

/** What holds now. A D1 failure is thrown, never guessed: a price must not use a rule it did not read. */
export async function readEstimateSettings(env: Pick<AppEnv, "DB">): Promise<EstimateSettings> {
  const [row] = await getDb(env).select().from(estimateSettings).where(eq(estimateSettings.id, 1));
  if (!row) return estimateSettingsDefaults;
  return {
    labourRate: row.labourRate,
    tax: { rateBasisPoints: row.taxRateBasisPoints, appliesTo: row.taxAppliesTo },
    terms: row.terms,
    saved: { by: row.updatedBy, at: row.updatedAt },
  };
}

const wholeNumber = (message: string, max: number) =>
  z.number({ error: message }).int({ error: message }).min(0, { error: message }).max(max, { error: message });

const RATE_MESSAGE = `The labour rate is whole cents per hour from 0 to ${ESTIMATE_LIMITS.maxUnitPrice.toLocaleString("en-US")} ($100,000).`;
const TAX_MESSAGE = "The tax rate is from 0% to 100%, in basis points (600 is 6%), a whole number.";
const KINDS_MESSAGE = `The taxed kinds are a list of ${LINE_KINDS.join(", ")}, each at most once.`;

export const estimateSettingsSchema = z.object({
  labourRate: wholeNumber(RATE_MESSAGE, ESTIMATE_LIMITS.maxUnitPrice),
  tax: z.object(
    {
      rateBasisPoints: wholeNumber(TAX_MESSAGE, MAX_RATE_BASIS_POINTS),
      appliesTo: z
        .array(z.enum(LINE_KINDS, { error: KINDS_MESSAGE }), { error: KINDS_MESSAGE })
        .refine((kinds) => new Set(kinds).size === kinds.length, KINDS_MESSAGE),
    },
    { error: "Give the tax as { rateBasisPoints, appliesTo }." },
  ),
  terms: requiredText({
    missing: "Give the terms printed on an estimate.",
    max: TERMS_MAX,
    tooLong: `The terms can be at most ${TERMS_MAX.toLocaleString("en-US")} characters.`,
    subject: "The terms",
    multiline: true,
  }),
});

export type EstimateSettingsInput = z.output<typeof estimateSettingsSchema>;

/** "12.5" → 1250 when `scale` is 100; anything else is passed on for the schema to refuse in words. */
function scaled(text: string, scale: number): unknown {
  const trimmed = text.trim().replace(/^\$/, "").replace(/%$/, "").replaceAll(",", "");
  return /^\d+(\.\d{1,2})?$/.test(trimmed) ? Math.round(Number(trimmed) * scale) : trimmed;
}

/** The page's form: the rate in dollars, the tax in percent, the kinds as tick boxes. */
export function estimateSettingsFromForm(form: FormData): unknown {
  const text = (name: string) => {
    const value = form.get(name);
    return typeof value === "string" ? value : "";
  };
  return {
    labourRate: scaled(text("labourRate"), 100),
    tax: { rateBasisPoints: scaled(text("taxRate"), 100), appliesTo: form.getAll("taxAppliesTo") },
    terms: text("terms"),
  };
}

/** Stores the owner's settings with their audit entry in one batch; returns what now holds. */
export async function saveEstimateSettings(
  env: Pick<AppEnv, "DB">,
  input: EstimateSettingsInput,
  acting: Acting,
): Promise<EstimateSettings> {
  const appliesTo = LINE_KINDS.filter((kind) => input.tax.appliesTo.includes(kind));
  const values = {
    labourRate: input.labourRate,
    taxRateBasisPoints: input.tax.rateBasisPoints,
    taxAppliesTo: appliesTo,
    terms: input.terms,
    updatedAt: acting.at,
    updatedBy: acting.actor?.name ?? null,
  };
  const db = getDb(env);
  const settings = { labourRate: input.labourRate, tax: { rateBasisPoints: input.tax.rateBasisPoints, appliesTo } };
  await db.batch([
    db
      .insert(estimateSettings)
      .values({ id: 1, ...values })
      .onConflictDoUpdate({ target: estimateSettings.id, set: values }),
    auditInsert(db, {
      ...acting,
      action: "settings.estimates",
      target: "estimates",
      detail: {
        labourRate: input.labourRate,
        taxRateBasisPoints: input.tax.rateBasisPoints,
        taxAppliesTo: appliesTo.join(", "),
        // The terms' start: enough to tell one change from another; the row keeps them whole.
        terms: input.terms.slice(0, 200),
      },
    }),
  ]);
  return { ...settings, terms: input.terms, saved: { by: values.updatedBy, at: acting.at } };
}

const kindsInWords: Record<LineKind, string> = { labour: "labour", part: "parts", fee: "fees" };

/** "6% on parts and fees", "no tax": the rule in words. */
export function describeTaxRule(rule: TaxRule): string {
  if (rule.rateBasisPoints === 0 || rule.appliesTo.length === 0) return "no tax";
  const kinds = rule.appliesTo.map((kind) => kindsInWords[kind]);
  const named = kinds.length > 1 ? `${kinds.slice(0, -1).join(", ")} and ${kinds.at(-1)}` : kinds[0];
  return `${rule.rateBasisPoints / 100}% on ${named}`;
}

/** In words, for the owner's toast and the API's message. */
export function describeEstimateSettings(settings: Pick<EstimateSettings, "labourRate" | "tax">): string {
  const rate = settings.labourRate === null ? "not set" : `${formatCents(settings.labourRate)} an hour`;
  return `Labour ${rate}; tax ${describeTaxRule(settings.tax)}.`;
}
