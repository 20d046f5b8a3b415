import { statusLabels, type SubmissionStatus } from "~/records/statuses";

const tones: Record<SubmissionStatus, string> = {
  new: "bg-blue-100 text-blue-900 ring-blue-200",
  contacted: "bg-amber-100 text-amber-900 ring-amber-200",
  closed: "bg-slate-100 text-slate-700 ring-slate-200",
  spam: "bg-red-100 text-red-900 ring-red-200",
};

/** Where a record stands, as a small coloured label (the word carries it; colour only helps). */
export function StatusBadge({ status }: { status: SubmissionStatus }) {
  return (
    <span
      className={`inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${tones[status]}`}
    >
      <span className="sr-only">Status: </span>
      {statusLabels[status]}
    </span>
  );
}
