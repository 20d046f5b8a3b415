import type { ReactNode } from "react";
import { Form, useNavigation } from "react-router";
import { SaveButton } from "~/ui/button";
import { controlClasses } from "~/ui/forms/fields";

// A plain settings form (the Emails and Estimates settings) whose server refusal is one message per
// field, keyed by the field's name, with what the owner typed: a plain HTML post, with JavaScript a
// fetch through the router. The alert above sums the refusal up; each field shows its own message.

type FieldRefusal<Shown> = { errors: Partial<Record<string, string>>; entered: Shown };

/** What a field-refusal form shows: the refused input when there is one, else what is saved. */
export function useFieldRefusal<Shown, Refusal extends FieldRefusal<Shown>>(refusal: Refusal | null, shown: Shown) {
  const errors: Refusal["errors"] = refusal?.errors ?? {};
  const value = refusal?.entered ?? shown;
  /** A refused field is described by its hint and its message (`<name>-error`). */
  const described = (field: keyof Refusal["errors"] & string, hint: string) =>
    errors[field] ? `${hint} ${field}-error` : hint;
  /** A text field's saved or refused value, whether it was refused, and what describes it. */
  const entered = (field: keyof Refusal["errors"] & keyof Shown & string, hint: string) => ({
    defaultValue: value[field] as string,
    "aria-invalid": errors[field] ? true : undefined,
    "aria-describedby": described(field, hint),
  });
  return { errors, value, described, entered };
}

/** A required text area in a field-refusal form; `entered` is its value and state from useFieldRefusal. */
export function RequiredTextarea({
  id,
  rows,
  entered,
}: {
  id: string;
  rows: number;
  entered: { defaultValue: string; "aria-invalid"?: boolean; "aria-describedby": string };
}) {
  return <textarea id={id} name={id} rows={rows} required {...entered} className={controlClasses} />;
}

export function FieldRefusalForm({
  label,
  errors,
  submitLabel,
  children,
}: {
  label: string;
  errors: Partial<Record<string, string>>;
  submitLabel: string;
  children: ReactNode;
}) {
  const busy = useNavigation().state === "submitting";
  return (
    <Form method="post" className="grid gap-5" aria-label={label}>
      {Object.keys(errors).length > 0 ? (
        <p role="alert" className="rounded-md bg-red-50 p-3 text-sm font-semibold text-red-900">
          Nothing was saved: {Object.values(errors).join(" ")}
        </p>
      ) : null}
      {children}
      <SaveButton busy={busy} label={submitLabel} />
    </Form>
  );
}
