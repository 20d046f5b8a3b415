import type { ActivityEntry } from "~/features/desk/desk";
import type { ConversationMessage } from "~/features/replies/replies";
import type { SubmissionStatus } from "~/records/statuses";

// A record's timeline (issue 29): one time-ordered list of what happened to a request, as the
// server builds it (server/record-timeline.server.ts) and the record page shows it.

export type TimelineEntry =
  /** The request itself, as the visitor sent it. */
  | { type: "request"; at: Date; message: string }
  /** A status change, by the member's display name. */
  | { type: "status"; at: Date; status: SubmissionStatus; by: string }
  /** A call, a note or an email logged at the call-back desk. */
  | { type: "activity"; at: Date; entry: ActivityEntry }
  /** A reply sent or an email that came back. */
  | { type: "email"; at: Date; message: ConversationMessage }
  /** An estimate written, revised, sent or decided (app/features/estimates/). */
  | { type: "estimate"; at: Date; title: string; by: string | null; note: string | null };
