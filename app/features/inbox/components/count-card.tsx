import { type ReactNode, useId } from "react";

/**
 * One of the inbox's two count cards (contact messages, service requests): the total (spam left
 * out) and how many are still new.
 */
export function CountCard({
  label,
  total,
  fresh,
  icon,
}: {
  label: string;
  total: number;
  fresh: number;
  icon: ReactNode;
}) {
  const id = useId();
  return (
    <section
      aria-labelledby={id}
      className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-white p-4 shadow-sm sm:p-5 lg:px-4 lg:py-2"
    >
      <div>
        <h2 id={id} className="text-sm font-medium text-slate-600">
          {label}
        </h2>
        <p className="mt-1 text-3xl font-bold text-blue-950 lg:mt-0 lg:inline-block lg:text-2xl">
          {total.toLocaleString("en-US")}
        </p>
        <p className="mt-1 text-sm font-medium text-blue-800 lg:ml-3 lg:inline-block">
          {fresh.toLocaleString("en-US")} new
        </p>
      </div>
      <span className="hidden size-12 shrink-0 place-items-center rounded-full bg-blue-50 text-blue-900 sm:grid lg:size-10">
        {icon}
      </span>
    </section>
  );
}
