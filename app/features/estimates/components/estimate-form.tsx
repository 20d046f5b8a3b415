import type { SubmissionResult } from "@conform-to/react";
import type { ChangeEvent } from "react";
import { Form } from "react-router";
import { Button } from "~/ui/button";
import {
  type EstimateLine,
  type EstimateVehicle,
  LINE_KINDS,
  lineKindLabels,
  SEVERITIES,
  severityLabels,
} from "../vocabulary";

// The form that writes or revises an estimate on the record page: the vehicle, then one row per
// line (its id kept, so a changed row is that line changed) and a few empty rows for new lines.
// A row whose description is emptied is left out of the new version. Prices in dollars. After a
// refusal (`refused`, conform's result) it shows the rows as they were posted, each message under
// its field and the form's own on top. With the owner's labour rate set (Settings › Estimates),
// the first empty row is a labour line at that rate (so without JavaScript too), and a row switched
// to labour with no price yet takes the rate.

const input = "min-h-10 w-full rounded-md border border-slate-300 px-2 text-sm";
const label = "grid gap-1 text-xs font-semibold text-slate-700";

const dollars = (cents: number) => (cents / 100).toFixed(2);

/** What a row shows: the stored line's values, or what was posted. */
type RowValues = Partial<Record<"id" | "description" | "kind" | "quantity" | "price" | "severity" | "note", string>>;

const valuesOfLine = (line: EstimateLine): RowValues => ({
  id: line.id,
  description: line.description,
  kind: line.kind,
  quantity: String(line.quantity),
  price: dollars(line.unitPrice),
  severity: line.severity,
  note: line.note ?? "",
});

/** A field's messages under it, tied to it for screen readers. */
function FieldError({ id, errors }: { id: string; errors: readonly string[] | undefined }) {
  return errors?.length ? (
    <span id={id} className="text-xs font-normal text-red-800">
      {errors.join(" ")}
    </span>
  ) : null;
}

type Errors = Record<string, readonly string[] | null | undefined>;

/** The props that tie an input to its messages, when it has any. */
function invalidProps(formId: string, name: string, errors: Errors) {
  return errors[name]?.length ? { "aria-invalid": true, "aria-describedby": `${formId}-${name}-error` } : {};
}

/** A row switched to labour whose price is still empty takes the owner's rate. */
function priceLabourAt(rate: string | undefined, priceName: string) {
  if (!rate) return undefined;
  return (event: ChangeEvent<HTMLSelectElement>) => {
    const price = event.currentTarget.form?.elements.namedItem(priceName);
    if (event.currentTarget.value === "labour" && price instanceof HTMLInputElement && price.value.trim() === "") {
      price.value = rate;
    }
  };
}

function LineRow({
  formId,
  index,
  values,
  errors,
  labourRate,
}: {
  formId: string;
  index: number;
  values: RowValues;
  errors: Errors;
  /** The owner's rate in dollars, when set. */
  labourRate: string | undefined;
}) {
  const name = (field: string) => `line-${index}-${field}`;
  const field = (key: string) => ({ name: name(key), ...invalidProps(formId, name(key), errors) });
  const error = (key: string) => (
    <FieldError id={`${formId}-${name(key)}-error`} errors={errors[name(key)] ?? undefined} />
  );
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-6">
      <legend className="px-1 text-sm font-semibold text-slate-800">
        {values.id ? `Line ${index + 1}` : `New line`}
      </legend>
      {values.id ? <input type="hidden" name={name("id")} value={values.id} /> : null}
      <label className={`${label} sm:col-span-3`}>
        Description
        <input {...field("description")} defaultValue={values.description ?? ""} maxLength={200} className={input} />
        {error("description")}
      </label>
      <label className={label}>
        Kind
        <select
          {...field("kind")}
          defaultValue={values.kind ?? "part"}
          onChange={priceLabourAt(labourRate, name("price"))}
          className={input}
        >
          {LINE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {lineKindLabels[kind]}
            </option>
          ))}
        </select>
        {error("kind")}
      </label>
      <label className={label}>
        Quantity
        <input {...field("quantity")} inputMode="decimal" defaultValue={values.quantity ?? "1"} className={input} />
        {error("quantity")}
      </label>
      <label className={label}>
        Unit price ($)
        <input {...field("price")} inputMode="decimal" defaultValue={values.price ?? ""} className={input} />
        {error("price")}
      </label>
      <label className={`${label} sm:col-span-2`}>
        Colour
        <select {...field("severity")} defaultValue={values.severity ?? "yellow"} className={input}>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity[0]?.toUpperCase()}
              {severity.slice(1)}: {severityLabels[severity]}
            </option>
          ))}
        </select>
        {error("severity")}
      </label>
      <label className={`${label} sm:col-span-4`}>
        Note for the customer
        <input {...field("note")} defaultValue={values.note ?? ""} maxLength={1000} className={input} />
        {error("note")}
      </label>
    </fieldset>
  );
}

/** The rows as posted: each `line-<i>-…` group of the refused form, in order. */
function postedRows(posted: Record<string, unknown>): RowValues[] {
  const text = (key: string) => (typeof posted[key] === "string" ? posted[key] : undefined);
  const rows: RowValues[] = [];
  for (let i = 0; `line-${i}-kind` in posted; i++) {
    const value = (field: string) => text(`line-${i}-${field}`);
    rows.push({
      id: value("id"),
      description: value("description"),
      kind: value("kind"),
      quantity: value("quantity"),
      price: value("price"),
      severity: value("severity"),
      note: value("note"),
    });
  }
  return rows;
}

export function EstimateForm({
  action,
  estimateId,
  vehicle,
  lines,
  blankLines,
  labourRate = null,
  refused,
}: {
  action: string;
  estimateId?: string;
  vehicle: Partial<EstimateVehicle>;
  lines: readonly EstimateLine[];
  blankLines: number;
  /** The owner's labour rate in cents an hour; null until set. */
  labourRate?: number | null;
  /** This form's refused post: shown as it was typed, with what to fix. */
  refused?: SubmissionResult<string[]> | undefined;
}) {
  const formId = `estimate-${estimateId ?? "new"}`;
  const posted = refused?.initialValue ?? null;
  const errors: Errors = refused?.error ?? {};
  const typed = (name: string, stored: string | number | undefined) => {
    const value = posted?.[name];
    return posted ? (typeof value === "string" ? value : "") : (stored ?? "");
  };
  const rate = labourRate === null ? undefined : dollars(labourRate);
  const blankRow = (index: number): RowValues => (rate && index === 0 ? { kind: "labour", price: rate } : {});
  const rows = posted
    ? postedRows(posted)
    : [...lines.map(valuesOfLine), ...Array.from({ length: blankLines }, (_, index) => blankRow(index))];
  const formMessages = errors[""] ?? [];
  const vehicleField = (name: string) => ({ name, ...invalidProps(formId, name, errors) });
  const vehicleError = (name: string) => (
    <FieldError id={`${formId}-${name}-error`} errors={errors[name] ?? undefined} />
  );
  return (
    <Form
      method="post"
      action={action}
      className="grid gap-3"
      aria-describedby={refused ? `${formId}-problem` : undefined}
    >
      {refused ? (
        <div id={`${formId}-problem`} role="alert" className="rounded-md bg-red-50 p-3 text-sm text-red-900">
          <p className="font-semibold">The estimate was not saved.</p>
          <p>{formMessages.length > 0 ? formMessages.join(" ") : "Correct the fields marked below and save again."}</p>
        </div>
      ) : null}
      <input type="hidden" name="intent" value="save" />
      {estimateId ? <input type="hidden" name="estimateId" value={estimateId} /> : null}
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Vehicle</legend>
        <label className={label}>
          Year
          <input
            {...vehicleField("year")}
            inputMode="numeric"
            required
            defaultValue={typed("year", vehicle.year)}
            className={input}
          />
          {vehicleError("year")}
        </label>
        <label className={label}>
          Make
          <input {...vehicleField("make")} required defaultValue={typed("make", vehicle.make)} className={input} />
          {vehicleError("make")}
        </label>
        <label className={label}>
          Model
          <input {...vehicleField("model")} required defaultValue={typed("model", vehicle.model)} className={input} />
          {vehicleError("model")}
        </label>
        <label className={label}>
          Mileage
          <input
            {...vehicleField("mileage")}
            inputMode="numeric"
            defaultValue={typed("mileage", vehicle.mileage)}
            className={input}
          />
          {vehicleError("mileage")}
        </label>
        <label className={`${label} col-span-2 sm:col-span-1`}>
          VIN
          <input
            {...vehicleField("vin")}
            maxLength={17}
            defaultValue={typed("vin", vehicle.vin)}
            className={`${input} uppercase`}
          />
          {vehicleError("vin")}
        </label>
      </fieldset>
      {rows.map((values, index) => (
        <LineRow
          key={values.id ?? `row-${index}`}
          formId={formId}
          index={index}
          values={values}
          errors={errors}
          labourRate={rate}
        />
      ))}
      <p className="text-xs text-slate-600">
        Empty a line&apos;s description to remove it. Save to get more empty rows.
        {rate ? ` A new labour line starts at your rate, $${rate} an hour (Settings › Estimates).` : ""}
      </p>
      <div>
        <Button type="submit">{estimateId ? "Save a new version" : "Save the estimate"}</Button>
      </div>
    </Form>
  );
}
