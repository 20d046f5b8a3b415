import { serviceNameIn, type ServiceNames } from "~/content/services";
import { preferredTime, visitType } from "~/content/vehicle-visit";
import type { ContactSubmission, ServiceRequest } from "~/db/schema/inbox";
import type { ContactInput, HONEYPOT_FIELD, ServiceRequestInput } from "~/features/submissions/submissions";
import { formatPhone } from "~/forms/phone-link";
import { calendarDateFormat } from "~/hours/shop-calendar";
import type { InboxKind } from "../../records/kinds";

// Each kind's fields as staff see them: the one description that the inbox card, the record's
// page, the CSV export (app/features/inbox/server/) and the shop's email (app/features/notifications/server/) read.
// Typed over the form schema's keys: a field a form gains and this file lacks fails the typecheck
// here, by name. No server code, so the inbox pages may import it.

type RowOf = { contact: ContactSubmission; serviceRequest: ServiceRequest };
type InputOf = { contact: ContactInput; serviceRequest: ServiceRequestInput };

/** What the visitor sends on a form of this kind: its schema's keys, without the form's bookkeeping. */
export type VisitorField<Kind extends InboxKind> = Exclude<
  keyof InputOf[Kind],
  "submissionId" | typeof HONEYPOT_FIELD
> &
  keyof RowOf[Kind];

/**
 * Where the card, the record's page and the email show a field. Most have a place of their own in
 * the layout (the name as the heading, the vehicle and visit summaries…); `"line"` is a labelled
 * line of its own ("Contact by: Text message") in all three, which is what a new field wants.
 */
export type FieldPlace = "name" | "email" | "phone" | "service" | "vehicle" | "mileage" | "visit" | "message" | "line";

export type FieldDescription<Value> = {
  /** What staff call it: the record page's and the email's label, the CSV's header. */
  label: string;
  /** The CSV's header where it differs from the label. */
  csvHeader?: string;
  /**
   * The value as staff read it (a choice's staff words, "84,000 miles", "Tue, Mar 10, 2026"); a
   * service by its name in the catalog as of now (`names`).
   */
  text: (value: NonNullable<Value>, names: ServiceNames) => string;
  /** The CSV's cell where it differs from `text`: numbers and ISO dates a spreadsheet can sort. */
  csv?: (value: NonNullable<Value>) => string | number;
  place: FieldPlace;
};

type FieldsOf<Kind extends InboxKind> = {
  readonly [Key in VisitorField<Kind>]-?: FieldDescription<RowOf[Kind][Key]>;
};

const asIs = (value: string) => value;
const preferredDateFormat = calendarDateFormat({ weekday: "short", month: "short", day: "numeric", year: "numeric" });

const visitor = {
  firstName: { label: "First name", text: asIs, place: "name" },
  lastName: { label: "Last name", text: asIs, place: "name" },
  email: { label: "Email", text: asIs, place: "email" },
  // As people read a US number, "(443) 555-0120"; the CSV keeps what the visitor typed.
  phone: { label: "Phone", text: formatPhone, csv: asIs, place: "phone" },
} as const;

const message = { label: "Message", text: asIs, place: "message" } as const;

/** In the order staff read them (the CSV's columns, the record page's rows). */
export const recordFields: { readonly [Kind in InboxKind]: FieldsOf<Kind> } = {
  contact: { ...visitor, message },
  serviceRequest: {
    ...visitor,
    service: { label: "Service", text: (value, names) => serviceNameIn(names, value), place: "service" },
    vehicleYear: { label: "Vehicle year", text: String, csv: Number, place: "vehicle" },
    vehicleMake: { label: "Vehicle make", text: asIs, place: "vehicle" },
    vehicleModel: { label: "Vehicle model", text: asIs, place: "vehicle" },
    mileage: {
      label: "Mileage",
      text: (miles) => `${miles.toLocaleString("en-US")} miles`,
      csv: Number,
      place: "mileage",
    },
    preferredDate: { label: "Preferred date", text: preferredDateFormat, csv: asIs, place: "visit" },
    preferredTime: { label: "Preferred time", text: (value) => preferredTime.staffLabels[value], place: "visit" },
    visitType: {
      label: "Visit",
      text: (value) => visitType.staffLabels[value],
      // The export has always had the visitor's words here ("I'll drop it off"); kept for the
      // spreadsheets that read it.
      csv: (value) => visitType.labels[value],
      place: "visit",
    },
    message,
  },
};

/** The CSV's column headers for a kind's fields, in order. */
export const csvHeaders = (kind: InboxKind): string[] =>
  Object.values(recordFields[kind]).map((field: FieldDescription<never>) => field.csvHeader ?? field.label);

/** A field of one record as staff read it: its description's words and its value, shown. */
export type ShownField = {
  key: string;
  label: string;
  csvHeader: string;
  place: FieldPlace;
  /** As staff read it; null when the visitor left it out. */
  text: string | null;
  /** As the CSV holds it; null when left out. */
  csv: string | number | null;
};

/** Every described field of a record of `kind`, in order; its service named as `names` say (the catalog's). */
export function shownFields(kind: InboxKind, record: object, names: ServiceNames): ShownField[] {
  return Object.entries(recordFields[kind]).map(([key, field]: [string, FieldDescription<never>]) => {
    const value: unknown = Reflect.get(record, key);
    const given = value !== null && value !== undefined && value !== "";
    // The typed map above pairs each field's functions with its column's type.
    const text = field.text as (value: unknown, names: ServiceNames) => string;
    const csv = (field.csv ?? field.text) as (value: unknown, names: ServiceNames) => string | number;
    return {
      key,
      label: field.label,
      csvHeader: field.csvHeader ?? field.label,
      place: field.place,
      text: given ? text(value, names) : null,
      csv: given ? csv(value, names) : null,
    };
  });
}

/** The shown text of the record's fields in `place`, in order, leaving out what was not given. */
export const textsIn = (fields: readonly ShownField[], place: FieldPlace): string[] =>
  fields.flatMap((field) => (field.place === place && field.text !== null ? [field.text] : []));

/** "2019 Toyota RAV4 · 84,000 miles", from whatever the customer gave; null when nothing. */
export function vehicleSummary(fields: readonly ShownField[]): string | null {
  return [textsIn(fields, "vehicle").join(" "), ...textsIn(fields, "mileage")].filter(Boolean).join(" · ") || null;
}

/** "Prefers Tue, Nov 24, 2026 · Morning · Will wait"; null when nothing was asked for. */
export function visitSummary(fields: readonly ShownField[]): string | null {
  const parts = textsIn(fields, "visit");
  return parts.length ? `Prefers ${parts.join(" · ")}` : null;
}
