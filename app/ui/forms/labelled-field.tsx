import type { ReactNode } from "react";

// A plain field's frame, for the forms that post as they are (no form library): the settings forms
// that the server refuses field by field, the booking page's form, the appointment's place.

/** A field with its label above, its hint (if any) between them, and the server's message below. */
export function LabelledField({
  id,
  hintId = `${id}-hint`,
  label,
  hint,
  error,
  children,
}: {
  id: string;
  hintId?: string;
  label: string;
  hint?: ReactNode;
  error?: string;
  children: ReactNode;
}) {
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-800">
        {label}
      </label>
      {hint ? (
        <p id={hintId} className="mt-1 text-sm text-slate-600">
          {hint}
        </p>
      ) : null}
      {children}
      <FieldError id={`${id}-error`} error={error} />
    </div>
  );
}

export function FieldError({ id, error }: { id: string; error?: string }) {
  return error ? (
    <p id={id} className="mt-1 text-sm font-medium text-red-700">
      {error}
    </p>
  ) : null;
}
