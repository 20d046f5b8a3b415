import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { PHOTO_BYTES, PHOTO_VARIANT_BYTES } from "~/photos/limits";

// A service of the catalog as the owners' API and the owners' page give and take it
// (docs/decisions/059-the-catalog-in-d1.md): one schema for PUT, POST, the page's form and the
// browser's validation. Text follows the site's text rules (decision 016); the pages print it as text.

export const CATALOG_LIMITS = {
  slug: 60,
  name: 80,
  shortName: 40,
  description: 400,
  longDescription: 3000,
  listItem: 300,
  /** Entries in one list (features, benefits, the process' steps). */
  listEntries: 30,
  stepTitle: 80,
  stepDescription: 500,
  timeEstimate: 40,
  priceNote: 120,
  /** $100,000: a starting price above it is a typo. */
  priceCents: 10_000_000,
  position: 999,
  /** Services in the catalog, hidden ones included. */
  services: 60,
} as const;

/**
 * The first segments of the site's own paths and the API's words: a service's slug is none of them
 * (its address would read as one of the site's own pages).
 */
export const RESERVED_SLUGS: readonly string[] = [
  "about",
  "api",
  "appointments",
  "areas",
  "contact",
  "incoming",
  "join",
  "login",
  "new",
  "robots-txt",
  "services",
  "settings",
  "sitemap",
  "versions",
];

export const slugField = z
  .string({ error: "Give the service's address: lower-case letters, digits and hyphens." })
  .min(1, { error: "Give the service's address: lower-case letters, digits and hyphens." })
  .max(CATALOG_LIMITS.slug, { error: `The address can be at most ${CATALOG_LIMITS.slug} characters.` })
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, {
    error: "The address takes lower-case letters, digits and single hyphens between them (oil-change).",
  })
  .refine((slug) => !RESERVED_SLUGS.includes(slug), {
    error: "That address is one of the site's own: choose another.",
  });

const text = (subject: string, max: number, multiline = false) =>
  requiredText({
    subject,
    max,
    missing: `${subject} is missing.`,
    tooLong: `${subject} can be at most ${max} characters.`,
    multiline,
  });

const list = <Item extends z.ZodType>(item: Item, subject: string) =>
  z
    .array(item, { error: `${subject} must be a list.` })
    .max(CATALOG_LIMITS.listEntries, { error: `${subject} can hold at most ${CATALOG_LIMITS.listEntries} entries.` });

export const priceSchema = z.object({
  fromCents: z
    .number({ error: "The starting price must be a number (dollars on the page, cents in the API)." })
    .int({ error: "The starting price must be a whole number of cents." })
    .min(0, { error: "The starting price cannot be negative." })
    .max(CATALOG_LIMITS.priceCents, { error: "The starting price can be at most $100,000." }),
  note: text("The price's note", CATALOG_LIMITS.priceNote),
});

const flag = (subject: string) => z.boolean({ error: `${subject} must be true or false.` });

/** A service as PUT and POST take it: everything GET gives but its version and photos (ignored). */
export const catalogServiceSchema = z.object({
  slug: slugField,
  name: text("The name", CATALOG_LIMITS.name),
  shortName: text("The short name", CATALOG_LIMITS.shortName),
  description: text("The description", CATALOG_LIMITS.description),
  longDescription: text("The long description", CATALOG_LIMITS.longDescription, true),
  features: list(text("A feature", CATALOG_LIMITS.listItem), "The features"),
  benefits: list(text("A benefit", CATALOG_LIMITS.listItem), "The benefits"),
  process: list(
    z.object({
      title: text("A step's title", CATALOG_LIMITS.stepTitle),
      description: text("A step's description", CATALOG_LIMITS.stepDescription, true),
    }),
    "The process",
  ),
  price: priceSchema.nullable(),
  timeEstimate: text("The time estimate", CATALOG_LIMITS.timeEstimate),
  bookableOnline: flag("Bookable online"),
  waiterOk: flag("Customers may wait"),
  popular: flag("Most popular"),
  visible: flag("Shown on the site"),
  position: z
    .number({ error: "The position must be a number." })
    .int({ error: "The position must be a whole number." })
    .min(0, { error: "The position cannot be negative." })
    .max(CATALOG_LIMITS.position, { error: `The position can be at most ${CATALOG_LIMITS.position}.` }),
});

export type CatalogServiceInput = z.output<typeof catalogServiceSchema>;

const ownersFields = Object.keys(catalogServiceSchema.shape) as (keyof CatalogServiceInput)[];

/** The fields the owners write, taken from a service that holds more (in the schema's order). */
export const ownersFieldsOf = (service: CatalogServiceInput): CatalogServiceInput =>
  Object.fromEntries(ownersFields.map((key) => [key, service[key]])) as CatalogServiceInput;

/** A service as GET /api/settings/services gives it. */
export type CatalogService = CatalogServiceInput & {
  version: number;
  photos: { id: string; url: string; alt: string }[];
};

/**
 * A service's photos (docs/decisions/063-service-photos-in-r2.md): a JPEG, PNG, WebP or a phone's
 * HEIC up to 10 MB, kept as sent, each with the words a screen reader says for it.
 */
export const PHOTO_LIMITS = {
  bytes: PHOTO_BYTES,
  alt: 200,
  perService: 12,
  variantBytes: PHOTO_VARIANT_BYTES,
} as const;

export const photoAltSchema = requiredText({
  subject: "The photo's description",
  max: PHOTO_LIMITS.alt,
  missing: "Describe the photo in a few words (what a screen reader says for it).",
  tooLong: `The photo's description can be at most ${PHOTO_LIMITS.alt} characters.`,
});

/** One saved state of a service, as GET …/versions lists them. */
export type CatalogVersion = { version: number; at: string; by: string | null };

// ------------------------------------------------------------------------------------------------
// The owners' page's form: the same schema, behind an adapter from what an HTML form sends (text
// only): the price in dollars, a list one entry per line, the process' steps as pairs of fields
// (empty ones left out), a ticked box as "on", the position as digits.

/** The edit form's fields, named as the schema's paths (errors land on them), holding text. */
export type ServiceFormValues = {
  slug: string;
  name: string;
  shortName: string;
  description: string;
  longDescription: string;
  features: string;
  benefits: string;
  process: { title: string; description: string }[];
  price: { fromCents: string; note: string };
  timeEstimate: string;
  bookableOnline?: "on";
  waiterOk?: "on";
  popular?: "on";
  visible?: "on";
  position: string;
};

/** Empty step rows the form offers after the service's own, to add steps without JavaScript. */
export const SPARE_STEPS = 2;

const textOf = (value: unknown): string => (typeof value === "string" ? value : "");

/** A list written one entry per line, blank lines left out. */
const linesOf = (value: unknown): string[] =>
  textOf(value)
    .split(/\r?\n/)
    .filter((line) => line.trim() !== "");

/** "$1,250.5" → 125050 cents; anything else is handed on as written, for the schema to refuse. */
function centsOf(value: string): number | string {
  const dollars = value.trim().replace(/^\$/, "").replaceAll(",", "");
  return /^-?\d+(\.\d{1,2})?$/.test(dollars) ? Math.round(Number(dollars) * 100) : value;
}

function serviceFromForm(value: unknown): unknown {
  if (typeof value !== "object" || value === null) return value;
  const form = value as Record<string, unknown>;
  const price = (typeof form.price === "object" && form.price !== null ? form.price : {}) as Record<string, unknown>;
  const dollars = textOf(price.fromCents);
  const note = textOf(price.note);
  const steps = Array.isArray(form.process) ? (form.process as unknown[]) : [];
  const position = textOf(form.position).trim();
  return {
    slug: textOf(form.slug).trim(),
    name: textOf(form.name),
    shortName: textOf(form.shortName),
    description: textOf(form.description),
    longDescription: textOf(form.longDescription),
    features: linesOf(form.features),
    benefits: linesOf(form.benefits),
    process: steps
      .map((step) => (typeof step === "object" && step !== null ? (step as Record<string, unknown>) : {}))
      .map((step) => ({ title: textOf(step.title), description: textOf(step.description) }))
      .filter((step) => step.title.trim() !== "" || step.description.trim() !== ""),
    // No price and no note: the service shows no price.
    price: dollars.trim() === "" && note.trim() === "" ? null : { fromCents: centsOf(dollars), note },
    timeEstimate: textOf(form.timeEstimate),
    bookableOnline: form.bookableOnline === "on",
    waiterOk: form.waiterOk === "on",
    popular: form.popular === "on",
    visible: form.visible === "on",
    position: /^\d{1,4}$/.test(position) ? Number(position) : position,
  };
}

/** The schema as the owners' page's form posts it (the server's page action and the browser use it). */
export const catalogServiceFormSchema = z.preprocess(serviceFromForm, catalogServiceSchema);

const on = (flag: boolean) => (flag ? ("on" as const) : undefined);

/** A service as the edit form starts with it. */
export function serviceFormValues(service: CatalogServiceInput): ServiceFormValues {
  return {
    slug: service.slug,
    name: service.name,
    shortName: service.shortName,
    description: service.description,
    longDescription: service.longDescription,
    features: service.features.join("\n"),
    benefits: service.benefits.join("\n"),
    process: service.process,
    price: service.price
      ? { fromCents: (service.price.fromCents / 100).toFixed(2), note: service.price.note }
      : { fromCents: "", note: "" },
    timeEstimate: service.timeEstimate,
    bookableOnline: on(service.bookableOnline),
    waiterOk: on(service.waiterOk),
    popular: on(service.popular),
    visible: on(service.visible),
    position: String(service.position),
  };
}

/** The owners' list of services; one service's page is under it, at its slug (or `new`). */
export const SERVICES_PAGE = "/incoming/settings/services";

/** One changed field between two versions, in words. */
export type FieldChange = { label: string; before: string; after: string };

/** The fields of a service in the words the owners' page uses (what changed between two versions). */
export const SERVICE_FIELD_LABELS: Record<keyof CatalogServiceInput, string> = {
  slug: "Address",
  name: "Name",
  shortName: "Short name",
  description: "Description",
  longDescription: "Long description",
  features: "What's included",
  benefits: "Benefits",
  process: "Our process",
  price: "Starting price",
  timeEstimate: "Service time",
  bookableOnline: "Bookable online",
  waiterOk: "Customers may wait",
  popular: "Most popular",
  visible: "Shown on the site",
  position: "Place in the lists",
};
