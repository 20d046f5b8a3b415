import {
  type FieldMetadata,
  getCollectionProps,
  getInputProps,
  getSelectProps,
  getTextareaProps,
} from "@conform-to/react";
import type { ReactNode } from "react";

export const controlClasses =
  "mt-1 block w-full rounded-md border border-slate-400 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-500 focus:border-blue-700 focus:outline-3 focus:outline-blue-600/40 aria-[invalid=true]:border-red-700";

// Any field's metadata: a form sends every value as text, whatever the schema makes of it.
type AnyFieldMetadata = FieldMetadata<unknown>;

type FieldFrameProps = {
  meta: AnyFieldMetadata;
  label: string;
  hint?: string;
  children: ReactNode;
};

export function FieldFrame({ meta, label, hint, children }: FieldFrameProps) {
  return (
    <div>
      <label htmlFor={meta.id} className="block text-sm font-semibold text-slate-800">
        {label}
        {meta.required ? (
          <span className="ml-0.5 text-red-700" aria-hidden="true">
            *
          </span>
        ) : null}
      </label>
      {children}
      {hint ? (
        <p id={meta.descriptionId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </div>
  );
}

function FieldErrors({ id, errors }: { id: string; errors?: string[] }) {
  if (!errors?.length) return null;
  return (
    <ul id={id} className="mt-1 text-sm font-medium text-red-700">
      {errors.map((error) => (
        <li key={error}>{error}</li>
      ))}
    </ul>
  );
}

type ControlProps = {
  meta: AnyFieldMetadata;
  label: string;
  hint?: string;
  autoFocus?: boolean;
  autoComplete?: string;
};

export function TextField({
  type = "text",
  inputMode,
  suggestions,
  min,
  max,
  ...props
}: ControlProps & {
  type?: "text" | "email" | "tel" | "password" | "date" | "time" | "datetime-local";
  inputMode?: "numeric";
  /** Offered as the visitor types (a <datalist>); any other value may still be typed. */
  suggestions?: readonly string[];
  /** A date input's first and last day (the server refuses the same with a message). */
  min?: string;
  max?: string;
}) {
  const { meta, label, hint, autoFocus, autoComplete } = props;
  const listId = suggestions ? `${meta.id}-suggestions` : undefined;
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <input
        {...getInputProps(meta, { type, ariaDescribedBy: hint ? meta.descriptionId : undefined })}
        key={meta.key}
        inputMode={inputMode}
        // Only when given: otherwise the schema's constraint (through getInputProps) sets them.
        {...(min === undefined ? {} : { min })}
        {...(max === undefined ? {} : { max })}
        list={listId}
        autoComplete={autoComplete}
        autoFocus={autoFocus}
        className={controlClasses}
      />
      {suggestions ? (
        <datalist id={listId}>
          {suggestions.map((suggestion) => (
            <option key={suggestion} value={suggestion} />
          ))}
        </datalist>
      ) : null}
    </FieldFrame>
  );
}

export function TextareaField({ rows, ...props }: ControlProps & { rows: number }) {
  const { meta, label, hint, autoFocus } = props;
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <textarea
        {...getTextareaProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined })}
        key={meta.key}
        rows={rows}
        autoFocus={autoFocus}
        className={controlClasses}
      />
    </FieldFrame>
  );
}

export function SelectField({
  options,
  placeholder,
  ...props
}: ControlProps & { options: readonly SelectOption[]; placeholder: string }) {
  const { meta, label, hint, autoFocus } = props;
  return (
    <FieldFrame meta={meta} label={label} hint={hint}>
      <select
        {...getSelectProps(meta, { ariaDescribedBy: hint ? meta.descriptionId : undefined })}
        key={meta.key}
        autoFocus={autoFocus}
        className={controlClasses}
      >
        <option value="">{placeholder}</option>
        <SelectOptions options={options} />
      </select>
    </FieldFrame>
  );
}

export type SelectOption = { value: string; label: string };

/** A select's choices: each one's value, and the words shown for it. */
export function SelectOptions({ options }: { options: readonly SelectOption[] }) {
  return options.map((option) => (
    <option key={option.value} value={option.value}>
      {option.label}
    </option>
  ));
}

/** One choice out of a few, as radio buttons under a legend. */
export function RadioGroupField({
  meta,
  legend,
  options,
  autoFocus,
}: {
  meta: AnyFieldMetadata;
  legend: string;
  options: readonly SelectOption[];
  autoFocus?: boolean;
}) {
  const radios = getCollectionProps(meta, { type: "radio", options: options.map((option) => option.value) });
  return (
    <fieldset>
      <legend className="text-sm font-semibold text-slate-800">{legend}</legend>
      <div className="mt-2 flex flex-wrap gap-2">
        {radios.map(({ key, ...radio }, index) => (
          <label
            key={key}
            htmlFor={radio.id}
            className="flex cursor-pointer items-center gap-2 rounded-md border border-slate-300 bg-white px-3 py-2 text-sm text-slate-800 has-checked:border-blue-700 has-checked:bg-blue-50 has-focus-visible:outline-3 has-focus-visible:outline-blue-600/40"
          >
            <input {...radio} autoFocus={autoFocus && index === 0} className="size-4 accent-blue-800" />
            {options[index]?.label}
          </label>
        ))}
      </div>
      <FieldErrors id={meta.errorId} errors={meta.errors} />
    </fieldset>
  );
}

/** Hidden from people and assistive technology; bots that fill every field fill this one too. */
export function HoneypotField({ name }: { name: string }) {
  return (
    <div aria-hidden="true" className="absolute -left-[9999px] h-px w-px overflow-hidden">
      <label htmlFor={`${name}-field`}>Leave this field empty</label>
      <input id={`${name}-field`} type="text" name={name} tabIndex={-1} autoComplete="off" defaultValue="" />
    </div>
  );
}

export function Spinner() {
  return (
    <svg aria-hidden="true" viewBox="0 0 24 24" className="size-4 animate-spin" fill="none">
      <circle cx="12" cy="12" r="10" stroke="currentColor" strokeWidth="3" className="opacity-25" />
      <path d="M22 12a10 10 0 0 0-10-10" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
    </svg>
  );
}
