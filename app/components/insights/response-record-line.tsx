import { responseRecordLine } from "~/insights/response-record";
import { CheckIcon } from "~/components/ui/icons";

/**
 * "Last 30 days: 97% of requests answered within 24 hours", under the promise on / and /contact,
 * when the owner shows it (/incoming/insights) and enough requests came in. The figure was stored
 * by the hourly job; the page only reads it (docs/decisions/038-response-record.md).
 */
export function ResponseRecordLine({
  record,
  className = "",
}: {
  record: { percent: number } | null;
  className?: string;
}) {
  if (!record) return null;
  return (
    <p
      data-response-record=""
      className={`flex items-center justify-center gap-2 text-sm font-semibold text-blue-950 ${className}`}
    >
      <CheckIcon aria-hidden="true" className="size-4 shrink-0 text-green-700" />
      {responseRecordLine(record.percent)}
    </p>
  );
}
