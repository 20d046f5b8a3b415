import { inboxKinds, type InboxKind } from "./kinds";
import { NOT_SPAM_STATUSES, OPEN_STATUSES, SUBMISSION_STATUSES, type SubmissionStatus } from "./statuses";

// The query string of inbox lists, shared by the server's parser (app/server/inbox/inbox-query.server.ts)
// and the links and forms of /incoming: `tab`, `status`, `q`, `cursor` (and `limit` on the API).

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
};

function withParams(path: string, params: Record<string, string | null | undefined>): string {
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value) search.set(name, value);
  const query = search.toString();
  return query ? `${path}?${query}` : path;
}

/** A page of /incoming: the tab, its filter and search, and where in the list. */
export function inboxListUrl({ kind, statuses, q, cursor }: InboxListState): string {
  return withParams("/incoming", {
    tab: kind === "contact" ? null : inboxKinds[kind].slug,
    status: statusParam(statuses, "inbox"),
    q,
    cursor,
  });
}

/** The CSV export of what the inbox shows (every page of it). */
export function exportUrl({ kind, statuses, q }: InboxListState): string {
  return withParams(`/api/${inboxKinds[kind].apiName}.csv`, { status: statusParam(statuses, "csv"), q });
}
