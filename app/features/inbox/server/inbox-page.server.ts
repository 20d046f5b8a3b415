import type { SubmissionCardData } from "~/features/inbox/components/submission-card";
import { inboxKindBySlug, type InboxKind } from "~/records/kinds";
import type { SubmissionStatus } from "~/records/statuses";
import type { AppEnv } from "../../../http/env.server";
import type { Acting } from "../../../http/staff-member.server";
import { parseListQuery } from "./inbox-query.server";
import { askBeforeWalking, countListPage } from "./list-walks.server";
import { totalOf } from "./inbox-counts.server";
import { loadInboxView } from "./inbox-lists.server";
import type { InboxRecord } from "../inbox.server";
import { NO_STORE } from "../../../http/responses.server";
import { refusalData, refused } from "../../../http/outcome.server";

// What /incoming renders, read from its address: the tab (?tab=service-requests), the status
// filter, the search and the page (app/features/inbox/list-params.ts), with both kinds' counts.

/** Longer messages are cut on the cards (the record's page shows all): 25 cards stay small. */
const MESSAGE_PREVIEW_LENGTH = 280;

function toCard({ firstContactAt: _firstContactAt, ...record }: InboxRecord): SubmissionCardData {
  // The first contact is for the insights: the card does not show it, so the page does not send it.
  const cut = record.message.length > MESSAGE_PREVIEW_LENGTH;
  return {
    ...record,
    message: cut ? record.message.slice(0, MESSAGE_PREVIEW_LENGTH).trimEnd() : record.message,
    messageCut: cut,
  };
}

export type InboxPageData = {
  kind: InboxKind;
  statuses: readonly SubmissionStatus[];
  q: string;
  due: boolean;
  replied: boolean;
  assignee: string;
  records: SubmissionCardData[];
  total: number;
  newer: string | null;
  older: string | null;
  counts: Record<InboxKind, { total: number; new: number; all: number; replied: number }>;
};

/**
 * The inbox page's data (as HTML, or through its .data requests), or a thrown 400 for an address
 * it cannot read (a cursor from nowhere). A page past the first is a walk, as in the list API: a
 * stale session is sent to the check first, and a walk past 200 records is audited (list-walks.server.ts).
 */
export async function loadInboxPage(request: Request, env: AppEnv, acting: Acting): Promise<InboxPageData> {
  const params = new URL(request.url).searchParams;
  const kind = inboxKindBySlug(params.get("tab") ?? undefined) ?? "contact";
  const parsed = parseListQuery(params, "inbox", { now: acting.at, me: acting.actor?.name ?? "" });
  if (!parsed.ok) {
    const { refusal } = refused("invalid", parsed.message);
    throw refusalData(refusal, { message: refusal.message }, NO_STORE);
  }

  const asked = await askBeforeWalking(request, env, parsed.query, acting.at);
  if (asked) throw asked;
  const { statuses, q } = parsed.query;
  const { page, counts } = await loadInboxView(env, kind, parsed.query);
  await countListPage(request, env, acting, kind, parsed.query, {
    read: page.records.length,
    total: page.total,
    through: "page",
  });
  const summary = (kind: InboxKind) => ({
    total: totalOf(counts[kind]),
    new: counts[kind].new,
    all: totalOf(counts[kind]) + counts[kind].spam,
    replied: counts[kind].replied,
  });
  return {
    kind,
    statuses,
    q,
    due: parsed.query.dueBefore !== null,
    replied: parsed.query.replied,
    assignee: parsed.query.assigneeParam,
    records: page.records.map(toCard),
    total: page.total,
    newer: page.newer,
    older: page.older,
    counts: { contact: summary("contact"), serviceRequest: summary("serviceRequest") },
  };
}
