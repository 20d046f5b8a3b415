import { optionalText, requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { ESTIMATE_LIMITS, LINE_KINDS, SEVERITIES } from "./vocabulary";
import { vinProblem } from "./vin";

// What staff send to build or revise an estimate (issue 39 item 1), for the JSON API and the
// record page's form alike. Every amount is integer cents; the server computes every total.

const { maxLines, maxQuantity, maxUnitPrice, maxDescription, maxNote } = ESTIMATE_LIMITS;

/** A number given as a JSON number or as the text a form posts ("1.5"); nothing else ("" is no number). */
const numeric = (message: string) =>
  z.union(
    [
      z.number(),
      z
        .string()
        .trim()
        .regex(/^-?\d+(\.\d+)?$/)
        .transform(Number),
    ],
    { error: message },
  );

const QUANTITY_MESSAGE = `A quantity is above 0 and at most ${maxQuantity.toLocaleString("en-US")}, with at most two decimals.`;
const PRICE_MESSAGE = `A unit price is whole cents from 0 to ${maxUnitPrice.toLocaleString("en-US")} ($100,000).`;

const quantity = numeric(QUANTITY_MESSAGE).pipe(
  z
    .number()
    .gt(0, QUANTITY_MESSAGE)
    .max(maxQuantity, QUANTITY_MESSAGE)
    .refine(
      (value) => Number.isInteger(Math.round(value * 100)) && Math.abs(value * 100 - Math.round(value * 100)) < 1e-6,
      QUANTITY_MESSAGE,
    ),
);
const unitPrice = numeric(PRICE_MESSAGE).pipe(
  z.number().int(PRICE_MESSAGE).min(0, PRICE_MESSAGE).max(maxUnitPrice, PRICE_MESSAGE),
);

export const estimateLineInput = z.object({
  id: z.string().trim().max(64, "A line's id is the one the estimate gave it.").optional(),
  kind: z.enum(LINE_KINDS, { error: `A line's kind is one of ${LINE_KINDS.join(", ")}.` }),
  description: requiredText({
    missing: "Every line needs a description.",
    max: maxDescription,
    tooLong: `A line's description can be at most ${maxDescription} characters.`,
    subject: "A line's description",
  }),
  quantity,
  unitPrice,
  severity: z.enum(SEVERITIES, { error: `A line's severity is one of ${SEVERITIES.join(", ")}.` }),
  note: optionalText({
    max: maxNote,
    tooLong: `A line's note can be at most ${maxNote} characters.`,
    subject: "A line's note",
  }),
});
export type EstimateLineInput = z.infer<typeof estimateLineInput>;

export const vehicleInput = z.object({
  year: numeric("The vehicle's year is a number like 2016.").pipe(
    z
      .number()
      .int("The vehicle's year is a number like 2016.")
      .min(1900, "The vehicle's year is 1900 or later.")
      // Read per request: at a Worker's module scope the clock still says 1970.
      .refine((year) => year <= new Date().getUTCFullYear() + 2, "The vehicle's year is not in the future."),
  ),
  make: requiredText({
    missing: "Please give the vehicle's make.",
    max: 40,
    tooLong: "The make can be at most 40 characters.",
    subject: "The make",
  }),
  model: requiredText({
    missing: "Please give the vehicle's model.",
    max: 60,
    tooLong: "The model can be at most 60 characters.",
    subject: "The model",
  }),
  vin: z
    .string({ error: "The VIN must be text." })
    .trim()
    .toUpperCase()
    .transform((value) => value || undefined)
    .nullish()
    .superRefine((value, context) => {
      const problem = value ? vinProblem(value) : null;
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  mileage: z
    .union([
      z.literal(""),
      z.null(),
      numeric("The mileage is a whole number of miles.").pipe(
        z
          .number()
          .int("The mileage is a whole number of miles.")
          .min(0, "The mileage is 0 or more.")
          .max(2_000_000, "The mileage is at most 2,000,000."),
      ),
    ])
    .optional()
    .transform((value) => (typeof value === "number" ? value : undefined)),
});

export const estimateInput = z.object({
  vehicle: vehicleInput,
  lines: z
    .array(estimateLineInput, { error: "Lines are a list." })
    .max(maxLines, `An estimate has at most ${maxLines} lines.`)
    .refine(
      (lines) =>
        new Set(lines.flatMap((line) => (line.id ? [line.id] : []))).size === lines.filter((line) => line.id).length,
      "A line's id appears twice.",
    ),
});
export type EstimateInput = z.infer<typeof estimateInput>;
