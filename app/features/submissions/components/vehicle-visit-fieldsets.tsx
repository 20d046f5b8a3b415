import type { FieldMetadata } from "@conform-to/react";
import { type ReactNode, useId } from "react";
import { commonMakes, preferredTime, visitType } from "~/content/vehicle-visit";
import { RadioGroupField, SelectField, TextField } from "../../../ui/forms/fields";
import type { FieldProps } from "./use-submission-form";

// The service request's optional groups: the vehicle, and when and how the visitor would like to
// come in. The day-dependent bounds (model years, the booking window) arrive as the fields'
// min and max from the page's loader, so the server's HTML and the hydrated form agree.

type Field = FieldMetadata<unknown>;

function OptionalGroup({ legend, hint, children }: { legend: string; hint: string; children: ReactNode }) {
  const hintId = useId();
  return (
    <fieldset aria-describedby={hintId} className="rounded-lg border border-slate-200 p-4 sm:p-5">
      {/* Floated, the legend sits inside the box like a heading instead of breaking its border
          (and wraps cleanly on a phone). */}
      <legend className="float-left w-full text-base font-semibold text-blue-950">{legend}</legend>
      <div className="clear-left grid gap-5">
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
        {children}
      </div>
    </fieldset>
  );
}

/** Newest first, as the year select lists them. */
function modelYears(field: Field): { value: string; label: string }[] {
  const newest = Number(field.max);
  const oldest = Number(field.min);
  if (!Number.isInteger(newest) || !Number.isInteger(oldest)) return [];
  return Array.from({ length: newest - oldest + 1 }, (_, index) => String(newest - index)).map((year) => ({
    value: year,
    label: year,
  }));
}

export function VehicleFieldset({
  fieldProps,
}: {
  fieldProps: (name: "vehicleYear" | "vehicleMake" | "vehicleModel" | "mileage") => FieldProps;
}) {
  const year = fieldProps("vehicleYear");
  return (
    <OptionalGroup
      legend="Your vehicle"
      hint="Optional. It helps us have the right parts and an estimate ready when we call."
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <SelectField {...year} label="Year" placeholder="Select a year" options={modelYears(year.meta)} />
        <TextField {...fieldProps("vehicleMake")} label="Make" suggestions={commonMakes} />
        <TextField {...fieldProps("vehicleModel")} label="Model" />
        <TextField
          {...fieldProps("mileage")}
          label="Mileage"
          inputMode="numeric"
          hint="Whole miles, as the odometer shows."
        />
      </div>
    </OptionalGroup>
  );
}

export function VisitFieldset({
  fieldProps,
}: {
  fieldProps: (name: "preferredDate" | "preferredTime" | "visitType") => FieldProps;
}) {
  return (
    <OptionalGroup
      legend="When would you like to come in?"
      hint="Optional. We'll confirm a time with you when we call."
    >
      <TextField
        {...fieldProps("preferredDate")}
        type="date"
        label="Preferred date"
        hint="A day we're open, within the next 60 days (see our hours)."
      />
      <RadioGroupField {...fieldProps("preferredTime")} legend="Preferred time" options={preferredTime.options} />
      <RadioGroupField
        {...fieldProps("visitType")}
        legend="Will you wait or drop the car off?"
        options={visitType.options}
      />
    </OptionalGroup>
  );
}
