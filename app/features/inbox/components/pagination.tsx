import { Link } from "react-router";
import { inboxListUrl, type InboxListState } from "~/features/inbox/list-params";

const linkClasses =
  "inline-flex items-center gap-1 rounded-md px-3 py-2 text-sm font-semibold text-blue-900 ring-1 ring-slate-300 hover:bg-slate-100";

/** "Newer" and "Older" between pages of a list (keyset cursors, so they stay right as records arrive). */
export function Pagination({
  list,
  newer,
  older,
}: {
  list: InboxListState;
  newer: string | null;
  older: string | null;
}) {
  if (!newer && !older) return null;
  return (
    <nav aria-label="Pages" className="mt-6 flex items-center justify-between gap-4">
      {newer ? (
        <Link to={inboxListUrl({ ...list, cursor: newer })} rel="prev" className={linkClasses}>
          <span aria-hidden="true">←</span> Newer
        </Link>
      ) : (
        // Keeps "Older" on the right on the first page.
        <span />
      )}
      {older ? (
        <Link to={inboxListUrl({ ...list, cursor: older })} rel="next" className={linkClasses}>
          Older <span aria-hidden="true">→</span>
        </Link>
      ) : null}
    </nav>
  );
}
