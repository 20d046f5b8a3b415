import { Form, useNavigation } from "react-router";
import { controlClasses } from "~/ui/forms/fields";
import { Button } from "~/ui/button";
import type { EstimateSettingsRefusal } from "~/features/estimates/server/settings/estimate-settings-endpoints.server";
import { LINE_KINDS, lineKindLabels } from "../vocabulary";

// The Estimates settings form: a plain HTML post to /incoming/settings/estimates (with JavaScript,
// a fetch through the router). The server validates; a refusal shows next to each field with what
// the owner typed.

export type EstimateSettingsShown = EstimateSettingsRefusal["entered"];

function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}

const labelClasses = "block text-sm font-semibold text-slate-800";
const hintClasses = "mt-1 text-sm text-slate-600";

export function EstimateSettingsForm({
  shown,
  refusal,
}: {
  shown: EstimateSettingsShown;
  refusal: EstimateSettingsRefusal | null;
}) {
  const busy = useNavigation().state === "submitting";
  const errors = refusal?.errors ?? {};
  const value = refusal?.entered ?? shown;
  const described = (field: keyof typeof errors, hint: string) => (errors[field] ? `${hint} ${field}-error` : hint);
  return (
    <Form method="post" className="grid gap-5" aria-label="Estimate settings">
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          Nothing was saved: {Object.values(errors).join(" ")}
        </p>
      ) : null}
      <div>
        <label htmlFor="labourRate" className={labelClasses}>
          Labour rate (dollars an hour)
        </label>
        <p id="labourRate-hint" className={hintClasses}>
          What an hour of labour costs on a new estimate, for example 120 or 135.50.
        </p>
        <input
          id="labourRate"
          name="labourRate"
          inputMode="decimal"
          required
          defaultValue={value.labourRate}
          aria-invalid={errors.labourRate ? true : undefined}
          aria-describedby={described("labourRate", "labourRate-hint")}
          className={`${controlClasses} max-w-40`}
        />
        <FieldError id="labourRate-error" error={errors.labourRate} />
      </div>
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
      <div>
        <label htmlFor="terms" className={labelClasses}>
          Terms printed on an estimate
        </label>
        <p id="terms-hint" className={hintClasses}>
          Shown with the totals, before the Customer's Rights (which the law fixes and this does not change).
        </p>
        <textarea
          id="terms"
          name="terms"
          rows={5}
          required
          defaultValue={value.terms}
          aria-invalid={errors.terms ? true : undefined}
          aria-describedby={described("terms", "terms-hint")}
          className={controlClasses}
        />
        <FieldError id="terms-error" error={errors.terms} />
      </div>
      <div>
        <Button type="submit" disabled={busy}>
          {busy ? "Saving…" : "Save estimate settings"}
        </Button>
      </div>
    </Form>
  );
}
