// The inbox's two kinds of record and the addresses staff and clients reach them at. Shared by the
// server and the inbox UI (no server code, so the browser may import it).
import type { SubmissionFormName } from "~/forms/submission-messages";

/** A kind of record: the public form it came from. */
export type InboxKind = SubmissionFormName;

export const INBOX_KINDS = ["contact", "serviceRequest"] as const satisfies readonly InboxKind[];

type KindInfo = {
  /** Path segment of the inbox tab and the record pages: /incoming/<slug>/<id>. */
  slug: string;
  /** The JSON API's collection: /api/<apiName>, /api/<apiName>.csv, /api/<apiName>/<id>. */
  apiName: string;
  label: string;
  /** What the tab says when it has no records. */
  empty: string;
  /** What one record is called in messages ("Contact message from Jane Doe"). */
  singular: string;
};

export const inboxKinds: Record<InboxKind, KindInfo> = {
  contact: {
    slug: "contact-messages",
    apiName: "contact-submissions",
    label: "Contact Messages",
    empty: "No contact submissions yet",
    singular: "Contact message",
  },
  serviceRequest: {
    slug: "service-requests",
    apiName: "service-requests",
    label: "Service Requests",
    empty: "No service requests yet",
    singular: "Service request",
  },
};

export function inboxKindBySlug(slug: string | undefined): InboxKind | undefined {
  return INBOX_KINDS.find((kind) => inboxKinds[kind].slug === slug);
}

/** The record's own page (what an email links to). */
export function recordPath(kind: InboxKind, id: string): string {
  return `/incoming/${inboxKinds[kind].slug}/${encodeURIComponent(id)}`;
}

/** The inbox tab listing this kind. */
export function inboxTabPath(kind: InboxKind): string {
  return kind === "contact" ? "/incoming" : `/incoming?tab=${inboxKinds[kind].slug}`;
}
