import { type AuditAction, auditActionLabels, type AuditEntry } from "~/features/audit/actions";
import { describeDetail, describeTarget } from "~/features/audit/describe";
import { formatSubmittedAt } from "~/hours/shop-calendar";

const actionLabel = (action: string) => auditActionLabels[action as AuditAction] ?? action;

/** Who: the name staff know them by, with the username when it differs; "tried" for a failed sign-in. */
function actorText(actor: AuditEntry["actor"]): string {
  if (!actor) return "Nobody";
  if (actor.id === null) return `“${actor.username}” (tried)`;
  return actor.name === actor.username ? actor.name : `${actor.name} (${actor.username})`;
}

/** The log's entries, newest first: a card per entry on a phone, a table's rows from md up. */
export function AuditEntries({ entries }: { entries: AuditEntry[] }) {
  return (
    <ol className="grid gap-2" aria-label="Audit log entries">
      <li
        aria-hidden="true"
        className="hidden gap-4 px-4 text-xs font-semibold tracking-wide text-slate-600 uppercase md:grid md:grid-cols-[13rem_11rem_1fr_8rem]"
      >
        {["When", "Who", "What", "From"].map((column) => (
          <span key={column}>{column}</span>
        ))}
      </li>
      {entries.map((entry) => {
        const detail = describeDetail(entry.action, entry.detail);
        const target = describeTarget(entry.action, entry.target);
        return (
          <li
            key={entry.id}
            className="grid gap-1 rounded-lg border border-slate-200 bg-white p-4 text-sm md:grid-cols-[13rem_11rem_1fr_8rem] md:gap-4 md:py-3"
          >
            <time dateTime={entry.at.toISOString()} className="text-slate-600">
              {formatSubmittedAt(entry.at)}
            </time>
            <span className="font-semibold break-words text-slate-900">{actorText(entry.actor)}</span>
            <span className="break-words text-slate-800">
              {actionLabel(entry.action)}
              {target?.href ? (
                <a href={target.href} className="block text-blue-800 underline">
                  {target.text}
                </a>
              ) : target ? (
                <span className="block text-slate-600">{target.text}</span>
              ) : null}
              {detail ? <span className="block text-slate-600">{detail}</span> : null}
            </span>
            <span className="break-all text-slate-600">
              <span className="md:hidden">From </span>
              {entry.client ?? "unknown"}
            </span>
          </li>
        );
      })}
    </ol>
  );
}
