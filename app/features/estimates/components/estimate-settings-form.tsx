import { controlClasses } from "~/ui/forms/fields";
import { FieldRefusalForm, RequiredTextarea, useFieldRefusal } from "~/ui/forms/field-refusal-form";
import { FieldError, LabelledField } from "~/ui/forms/labelled-field";
import type { EstimateSettingsRefusal } from "~/features/estimates/server/settings/estimate-settings-endpoints.server";
import { LINE_KINDS, lineKindLabels } from "../vocabulary";

// The Estimates settings form, posted to /incoming/settings/estimates. The server validates; a
// refusal shows next to each field with what the owner typed.

export type EstimateSettingsShown = EstimateSettingsRefusal["entered"];

const labelClasses = "block text-sm font-semibold text-slate-800";
const hintClasses = "mt-1 text-sm text-slate-600";

export function EstimateSettingsForm({
  shown,
  refusal,
}: {
  shown: EstimateSettingsShown;
  refusal: EstimateSettingsRefusal | null;
}) {
  const { errors, value, described, entered } = useFieldRefusal(refusal, shown);
  return (
    <FieldRefusalForm label="Estimate settings" errors={errors} submitLabel="Save estimate settings">
      <LabelledField
        id="labourRate"
        label="Labour rate (dollars an hour)"
        hint="What an hour of labour costs on a new estimate, for example 120 or 135.50."
        error={errors.labourRate}
      >
        <input
          id="labourRate"
          name="labourRate"
          inputMode="decimal"
          required
          {...entered("labourRate", "labourRate-hint")}
          className={`${controlClasses} max-w-40`}
        />
      </LabelledField>
      <fieldset aria-describedby={described("tax", "tax-hint")}>
        <legend className={labelClasses}>Sales tax</legend>
        <p id="tax-hint" className={hintClasses}>
          Maryland taxes parts and fees at 6%; labour stated separately on the estimate is not taxed. A change counts
          for the next estimate priced; estimates already written keep their rule.
        </p>
        <label htmlFor="taxRate" className="mt-3 block text-sm text-slate-800">
          Rate (percent)
        </label>
        <input
          id="taxRate"
          name="taxRate"
          inputMode="decimal"
          required
          defaultValue={value.taxRate}
          aria-invalid={errors.tax ? true : undefined}
          className={`${controlClasses} max-w-32`}
        />
        <p className="mt-3 text-sm text-slate-800">Applies to</p>
        <div className="mt-1 flex flex-wrap gap-x-6 gap-y-2">
          {LINE_KINDS.map((kind) => (
            <label key={kind} className="flex cursor-pointer items-center gap-2 text-sm text-slate-800">
              <input
                type="checkbox"
                name="taxAppliesTo"
                value={kind}
                defaultChecked={value.taxAppliesTo.includes(kind)}
                className="size-4 accent-blue-800"
              />
              {lineKindLabels[kind]}
            </label>
          ))}
        </div>
        <FieldError id="tax-error" error={errors.tax} />
      </fieldset>
      <LabelledField
        id="terms"
        label="Terms printed on an estimate"
        hint="Shown with the totals, before the Customer's Rights (which the law fixes and this does not change)."
        error={errors.terms}
      >
        <RequiredTextarea id="terms" rows={5} entered={entered("terms", "terms-hint")} />
      </LabelledField>
    </FieldRefusalForm>
  );
}
