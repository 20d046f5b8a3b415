// The kinds of record the site takes in and staff read: the one registry that the public forms,
// the inbox, the JSON API, the notifications, the seed script and the tests name a kind by. No
// server code, so the browser may import it; the schema's tables (`inboxTables` in
// app/db/schema/inbox.ts) and each kind's fields (app/features/inbox/record-fields.ts) are keyed by it too.
// Relative imports only: drizzle-kit reads this file through app/db/schema/inbox.ts.

/** A kind of record, as the code names it (the queue's jobs and the history table store it too). */
export const INBOX_KINDS = ["contact", "serviceRequest"] as const;
export type InboxKind = (typeof INBOX_KINDS)[number];

type KindInfo = {
  /** The D1 table its records are stored in. */
  tableName: string;
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

export const inboxKinds = {
  contact: {
    tableName: "contact_submissions",
    slug: "contact-messages",
    apiName: "contact-submissions",
    label: "Contact Messages",
    empty: "No contact submissions yet",
    singular: "Contact message",
  },
  serviceRequest: {
    tableName: "service_requests",
    slug: "service-requests",
    apiName: "service-requests",
    label: "Service Requests",
    empty: "No service requests yet",
    singular: "Service request",
  },
} as const satisfies Record<InboxKind, KindInfo>;

export function inboxKindBySlug(slug: string | undefined): InboxKind | undefined {
  return INBOX_KINDS.find((kind) => inboxKinds[kind].slug === slug);
}

/**
 * The kind a JSON API address names (/api/<apiName>, /api/<apiName>.csv, /api/<apiName>/<id>…):
 * app/routes.ts mounts each record endpoint once per kind, and the module reads its kind here.
 */
export function inboxKindOfApiUrl(url: string): InboxKind {
  const name = /^\/api\/([^/.]+)/.exec(new URL(url).pathname)?.[1];
  const kind = INBOX_KINDS.find((each) => inboxKinds[each].apiName === name);
  if (!kind) throw new Error(`inboxKindOfApiUrl: ${url} is not a record endpoint (app/routes.ts)`);
  return kind;
}

/** The record's own page (what an email links to). */
export function recordPath(kind: InboxKind, id: string): string {
  return `/incoming/${inboxKinds[kind].slug}/${encodeURIComponent(id)}`;
}

/** The inbox tab listing this kind. */
export function inboxTabPath(kind: InboxKind): string {
  return kind === "contact" ? "/incoming" : `/incoming?tab=${inboxKinds[kind].slug}`;
}
