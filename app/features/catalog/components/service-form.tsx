import { type FieldMetadata, getInputProps, getTextareaProps, type SubmissionResult, useForm } from "@conform-to/react";
import { parseFormData } from "~/forms/parse-form";
import { controlClasses, TextareaField, TextField } from "~/ui/forms/fields";
import { IntentForm } from "~/ui/forms/intent-form";
import {
  CATALOG_LIMITS,
  catalogServiceFormSchema,
  type CatalogServiceInput,
  type ServiceFormValues,
  SPARE_STEPS,
} from "../catalog";

// One service's form on the owners' page: a plain post (the page's action), checked in the browser
// with the schema the server and the API use (catalog.ts), through the form's adapter.

/** Every message of a field and of the entries under it (a list's "at most 30", its 4th entry's "too long"). */
function allMessages(meta: FieldMetadata<unknown>): string[] {
  return [...new Set(Object.values(meta.allErrors).flat())];
}

function Messages({ id, messages }: { id: string; messages: string[] }) {
  if (!messages.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm font-medium text-red-700">
      {messages.map((message) => (
        <li key={message}>{message}</li>
      ))}
    </ul>
  );
}

/** A list written one entry per line. */
function LinesField({ meta, label, hint }: { meta: FieldMetadata<unknown>; label: string; hint: string }) {
  const messages = allMessages(meta);
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: meta.descriptionId })}
        aria-invalid={messages.length ? true : undefined}
        key={meta.key}
        rows={6}
        className={controlClasses}
      />
      <p id={meta.descriptionId} className="mt-1 text-sm text-slate-600">
        {hint}
      </p>
      <Messages id={meta.errorId} messages={messages} />
    </div>
  );
}

function CheckboxField({ meta, label, hint }: { meta: FieldMetadata<unknown>; label: string; hint: string }) {
  return (
    <div className="flex gap-3">
      <input
        {...getInputProps(meta, { type: "checkbox", ariaDescribedBy: meta.descriptionId })}
        key={meta.key}
        className="mt-1 size-5 shrink-0"
      />
      <div>
        <label htmlFor={meta.id} className="font-semibold text-slate-800">
          {label}
        </label>
        <p id={meta.descriptionId} className="text-sm text-slate-600">
          {hint}
        </p>
      </div>
    </div>
  );
}

export function ServiceForm({
  values,
  isNew,
  lastResult,
}: {
  values: ServiceFormValues;
  isNew: boolean;
  lastResult?: SubmissionResult<string[]>;
}) {
  const withSpareSteps = {
    ...values,
    process: [...values.process, ...Array.from({ length: SPARE_STEPS }, () => ({ title: "", description: "" }))],
  };
  const [form, fields] = useForm<ServiceFormValues, CatalogServiceInput>({
    id: "service",
    lastResult,
    defaultValue: withSpareSteps,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseFormData(formData, catalogServiceFormSchema),
  });
  const price = fields.price.getFieldset();
  const steps = fields.process.getFieldList();
  const processMessages = allMessages(fields.process);
  return (
    <IntentForm form={form} intent="save" submit={isNew ? "Add the service" : "Save"} submitting="Saving...">
      {isNew ? (
        <TextField
          meta={fields.slug}
          label="Address"
          hint="The page's address after /services/: lower-case letters, digits and hyphens (wheel-alignment). It cannot change later."
        />
      ) : (
        <input type="hidden" name={fields.slug.name} value={values.slug} />
      )}
      <TextField meta={fields.name} label="Name" hint="The page's heading and the request form's choice." />
      <TextField meta={fields.shortName} label="Short name" hint="The footer's link and “Book Your … Today”." />
      <TextareaField meta={fields.description} label="Description" rows={3} hint="Under the heading and on its card." />
      <TextareaField meta={fields.longDescription} label="About this service" rows={6} />
      <fieldset className="grid gap-4 rounded-lg border border-slate-300 p-4 sm:grid-cols-[10rem_1fr]">
        <legend className="px-1 text-sm font-semibold text-slate-800">Starting price</legend>
        <TextField
          meta={price.fromCents}
          label="From (dollars)"
          inputMode="numeric"
          hint="39.95; leave both empty for no price."
        />
        <TextField meta={price.note} label="What it covers" hint="“with conventional oil”" />
        <div className="sm:col-span-2">
          <Messages id={fields.price.errorId} messages={fields.price.errors ?? []} />
        </div>
      </fieldset>
      <TextField
        meta={fields.timeEstimate}
        label="Service time"
        hint="As the pages print it: “30-45 mins”, “1-2 hours”."
      />
      <LinesField
        meta={fields.features}
        label="What's included"
        hint={`One per line, up to ${CATALOG_LIMITS.listEntries}.`}
      />
      <LinesField meta={fields.benefits} label="Benefits" hint={`One per line, up to ${CATALOG_LIMITS.listEntries}.`} />
      <fieldset className="grid gap-4 rounded-lg border border-slate-300 p-4">
        <legend className="px-1 text-sm font-semibold text-slate-800">Our process</legend>
        <p className="text-sm text-slate-600">In order. Empty rows are left out; save to get more empty rows.</p>
        {steps.map((step, index) => {
          const parts = step.getFieldset();
          return (
            <div key={step.key} className="grid gap-2 border-t border-slate-200 pt-3 sm:grid-cols-[12rem_1fr]">
              <TextField meta={parts.title} label={`Step ${index + 1}`} />
              <TextareaField meta={parts.description} label={`Step ${index + 1}: what happens`} rows={2} />
            </div>
          );
        })}
        <Messages id={fields.process.errorId} messages={processMessages} />
      </fieldset>
      <div className="grid gap-3">
        <CheckboxField
          meta={fields.visible}
          label="Shown on the site"
          hint="Unticked: no page, not in any list, not on the request form."
        />
        <CheckboxField meta={fields.bookableOnline} label="Bookable online" hint="Customers may ask for it online." />
        <CheckboxField meta={fields.waiterOk} label="Customers may wait" hint="Usually done in under two hours." />
        <CheckboxField meta={fields.popular} label="Most popular" hint="Marked on its card." />
      </div>
      <TextField
        meta={fields.position}
        label="Place in the lists"
        inputMode="numeric"
        hint="Smaller comes first (1, 2, 3…)."
      />
    </IntentForm>
  );
}
