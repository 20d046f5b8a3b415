import type { ReactNode } from "react";

export const inputClasses =
  "block w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-base text-slate-900 shadow-sm placeholder:text-slate-400 focus-visible:border-blue-600 aria-[invalid=true]:border-red-600";

/** A labelled form control with its error message underneath (conform's field ids). */
export function Field({
  label,
  inputId,
  errorId,
  errors,
  children,
}: {
  label: string;
  inputId: string;
  errorId: string;
  errors?: string[];
  children: ReactNode;
}) {
  return (
    <div className="grid gap-1.5">
      <label htmlFor={inputId} className="text-sm font-medium text-slate-800">
        {label}
      </label>
      {children}
      <p id={errorId} className="min-h-5 text-sm text-red-700">
        {errors?.[0]}
      </p>
    </div>
  );
}
