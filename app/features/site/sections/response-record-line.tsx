import { CheckIcon } from "~/ui/icons";

/**
 * "Last 30 days: 97% of requests answered within 24 hours", under the promise on / and /contact,
 * when the owner shows it (/incoming/insights) and enough requests came in: the loader reads the
 * figure the hourly job stored (docs/decisions/038-response-record.md). Server-rendered only
 * (StaticMarkup): it adds nothing to the pages' JavaScript.
 */
export function ResponseRecordLine({ line, className = "" }: { line: string | null; className?: string }) {
  if (!line) return null;
  return (
    <p
      data-response-record=""
      className={`flex items-center justify-center gap-2 text-sm font-semibold text-blue-950 ${className}`}
    >
      <CheckIcon aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      {line}
    </p>
  );
}
