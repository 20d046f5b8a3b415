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
// A row whose description is emptied is left out of the new version. Prices in dollars.

const input = "min-h-10 w-full rounded-md border border-slate-300 px-2 text-sm";
const label = "grid gap-1 text-xs font-semibold text-slate-700";

const dollars = (cents: number) => (cents / 100).toFixed(2);

function LineRow({ index, line }: { index: number; line?: EstimateLine }) {
  const name = (field: string) => `line-${index}-${field}`;
  return (
    <fieldset className="grid gap-2 rounded-lg border border-slate-200 p-3 sm:grid-cols-6">
      <legend className="px-1 text-sm font-semibold text-slate-800">{line ? `Line ${index + 1}` : `New line`}</legend>
      {line ? <input type="hidden" name={name("id")} value={line.id} /> : null}
      <label className={`${label} sm:col-span-3`}>
        Description
        <input name={name("description")} defaultValue={line?.description ?? ""} maxLength={200} className={input} />
      </label>
      <label className={label}>
        Kind
        <select name={name("kind")} defaultValue={line?.kind ?? "part"} className={input}>
          {LINE_KINDS.map((kind) => (
            <option key={kind} value={kind}>
              {lineKindLabels[kind]}
            </option>
          ))}
        </select>
      </label>
      <label className={label}>
        Quantity
        <input name={name("quantity")} inputMode="decimal" defaultValue={line?.quantity ?? 1} className={input} />
      </label>
      <label className={label}>
        Unit price ($)
        <input
          name={name("price")}
          inputMode="decimal"
          defaultValue={line ? dollars(line.unitPrice) : ""}
          className={input}
        />
      </label>
      <label className={`${label} sm:col-span-2`}>
        Colour
        <select name={name("severity")} defaultValue={line?.severity ?? "yellow"} className={input}>
          {SEVERITIES.map((severity) => (
            <option key={severity} value={severity}>
              {severity[0]?.toUpperCase()}
              {severity.slice(1)}: {severityLabels[severity]}
            </option>
          ))}
        </select>
      </label>
      <label className={`${label} sm:col-span-4`}>
        Note for the customer
        <input name={name("note")} defaultValue={line?.note ?? ""} maxLength={1000} className={input} />
      </label>
    </fieldset>
  );
}

export function EstimateForm({
  action,
  estimateId,
  vehicle,
  lines,
  blankLines,
}: {
  action: string;
  estimateId?: string;
  vehicle: Partial<EstimateVehicle>;
  lines: readonly EstimateLine[];
  blankLines: number;
}) {
  return (
    <Form method="post" action={action} className="grid gap-3">
      <input type="hidden" name="intent" value="save" />
      {estimateId ? <input type="hidden" name="estimateId" value={estimateId} /> : null}
      <fieldset className="grid grid-cols-2 gap-2 sm:grid-cols-5">
        <legend className="mb-1 text-sm font-semibold text-slate-800">Vehicle</legend>
        <label className={label}>
          Year
          <input name="year" inputMode="numeric" required defaultValue={vehicle.year ?? ""} className={input} />
        </label>
        <label className={label}>
          Make
          <input name="make" required defaultValue={vehicle.make ?? ""} className={input} />
        </label>
        <label className={label}>
          Model
          <input name="model" required defaultValue={vehicle.model ?? ""} className={input} />
        </label>
        <label className={label}>
          Mileage
          <input name="mileage" inputMode="numeric" defaultValue={vehicle.mileage ?? ""} className={input} />
        </label>
        <label className={`${label} col-span-2 sm:col-span-1`}>
          VIN
          <input name="vin" maxLength={17} defaultValue={vehicle.vin ?? ""} className={`${input} uppercase`} />
        </label>
      </fieldset>
      {lines.map((line, index) => (
        <LineRow key={line.id} index={index} line={line} />
      ))}
      {Array.from({ length: blankLines }, (_, offset) => (
        <LineRow key={`new-${offset}`} index={lines.length + offset} />
      ))}
      <p className="text-xs text-slate-600">
        Empty a line&apos;s description to remove it. Save to get more empty rows.
      </p>
      <div>
        <Button type="submit">{estimateId ? "Save a new version" : "Save the estimate"}</Button>
      </div>
    </Form>
  );
}
