import { inboxKinds, type InboxKind } from "../../records/kinds";
import { NOT_SPAM_STATUSES, OPEN_STATUSES, SUBMISSION_STATUSES, type SubmissionStatus } from "../../records/statuses";

// The query string of inbox lists, shared by the server's parser (app/features/inbox/server/inbox-query.server.ts)
// and the links and forms of /incoming: `tab`, `status`, `q`, `due`, `assignee`, `cursor` (and
// `limit` on the API).

/** Where a list is read: the defaults differ (the inbox shows open records, the API all but spam). */
export type ListSurface = "api" | "csv" | "inbox";

export const defaultStatuses: Record<ListSurface, readonly SubmissionStatus[]> = {
  api: NOT_SPAM_STATUSES,
  csv: NOT_SPAM_STATUSES,
  inbox: OPEN_STATUSES,
};

const sameStatuses = (a: readonly SubmissionStatus[], b: readonly SubmissionStatus[]) =>
  a.length === b.length && a.every((status) => b.includes(status));

/** The `status` parameter that asks `surface` for exactly these statuses ("" for its default). */
export function statusParam(statuses: readonly SubmissionStatus[], surface: ListSurface): string {
  if (sameStatuses(statuses, defaultStatuses[surface])) return "";
  return sameStatuses(statuses, SUBMISSION_STATUSES) ? "all" : statuses.join(",");
}

export type InboxListState = {
  kind: InboxKind;
  statuses: readonly SubmissionStatus[];
  q: string;
  cursor?: string | null;
  /** Only follow-ups due today or overdue (`?due=1`). */
  due?: boolean;
  /** Whose records: "me", "none", a username, or "" for anyone's. */
  assignee?: string;
};

function withParams(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A page of /incoming: the tab, its filter and search, and where in the list. */
export function inboxListUrl({ kind, statuses, q, cursor, due, assignee }: InboxListState): string {
  return withParams("/incoming", {
    tab: kind === "contact" ? null : inboxKinds[kind].slug,
    status: statusParam(statuses, "inbox"),
    q,
    due: due ? "1" : null,
    assignee,
    cursor,
  });
}

/** The CSV export of what the inbox shows (every page of it). */
export function exportUrl({ kind, statuses, q, due, assignee }: InboxListState): string {
  return withParams(`/api/${inboxKinds[kind].apiName}.csv`, {
    status: statusParam(statuses, "csv"),
    q,
    due: due ? "1" : null,
    assignee,
  });
}

/**
 * A record's page opened from a list: `back` carries the list's address (its tab, filter, search
 * and page), so the page's "Back" link returns to the same place, with or without JavaScript.
 */
export function recordFromListUrl(recordPath: string, listUrl: string): string {
  return listUrl === "/incoming" ? recordPath : `${recordPath}?${new URLSearchParams({ back: listUrl })}`;
}

/** The list a record page goes back to: only an address of the inbox list, never another site. */
export function backToList(back: string | null): string | null {
  return back && /^\/incoming(\?[^\\\s]*)?$/.test(back) ? back : null;
}
