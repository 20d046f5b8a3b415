import type { InboxKind } from "~/records/kinds";
import type { SubmissionStatus } from "~/records/statuses";

// One customer across requests (decision 047), as the server and the record page share it.

/** The last word in another request: its conversation's last email, or else the request's own message. */
export type LastMessage = { direction: "in" | "out"; at: Date; text: string };

export type OtherRequest = {
  kind: InboxKind;
  id: string;
  at: Date;
  status: SubmissionStatus;
  lastMessage: LastMessage;
};

/** The customer behind a record: whether an earlier request exists, their other requests (newest first). */
export type Customer = { returning: boolean; others: OtherRequest[]; more: boolean };
