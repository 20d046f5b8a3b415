import { optionalText, requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";

// The conversation on a record, as the server and the pages share it: what a reply takes (the JSON
// API and the record page's form read it with the same schema), and how a message reads.

/** The longest reply staff may send, and the longest subject. */
export const REPLY_BODY_MAX = 5000;
export const REPLY_SUBJECT_MAX = 200;

const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

/** A reply: its text under the forms' text rules (app/forms/fields.ts), and an optional subject. */
export const replySchema = z.object({
  body: requiredText({
    missing: "Write the reply.",
    max: REPLY_BODY_MAX,
    tooLong: `A reply can be at most ${REPLY_BODY_MAX} characters.`,
    subject: "The reply",
    multiline: true,
  }),
  subject: z.preprocess(
    emptyToUndefined,
    optionalText({
      max: REPLY_SUBJECT_MAX,
      tooLong: `A subject can be at most ${REPLY_SUBJECT_MAX} characters.`,
      subject: "The subject",
    }),
  ),
});
export type ReplyInput = z.output<typeof replySchema>;

/** Where a reply stands: on its way (or being retried at once), delivered, or failing and retried. */
export type ReplyStatus = "sending" | "sent" | "failing";

export type Attachment = { name: string; type: string; size: number };

/** One message of a record's conversation, as the API and the pages show it. */
export type ConversationMessage = {
  id: string;
  direction: "out" | "in";
  at: Date;
  /** The sender's address: the shop's for a reply, whoever wrote one that came in. */
  from: string;
  /** A message that came in from the record's customer's own address; false for anyone else's, and for a reply. */
  fromCustomer: boolean;
  /** A reply: the member who sent it, by the name staff know them by. */
  by: string | null;
  subject: string;
  text: string;
  /** An out-of-office, auto-reply or list mail: not the customer answering. */
  automatic: boolean;
  /** A delivery failure report about the customer's address. */
  bounce: boolean;
  attachments: Attachment[];
  /** A reply's sending state; null for a message that came in. */
  status: ReplyStatus | null;
};

export const replyStatusLabels: Record<ReplyStatus, string> = {
  sending: "Sending",
  sent: "Sent",
  failing: "Failing, retrying",
};

/** "12.3 KB", "1.2 MB", "512 bytes": an attachment's size as people read it. */
export function formatSize(bytes: number): string {
  if (bytes < 1024) return `${bytes} bytes`;
  if (bytes < 1024 * 1024) return `${(bytes / 1024).toFixed(1)} KB`;
  return `${(bytes / 1024 / 1024).toFixed(1)} MB`;
}

/** What the reply form's action answers a fetcher, or renders on the reply page without JavaScript. */
export type ReplyFormResult =
  | { ok: true }
  | { ok: false; message: string; fields: { subject: string; body: string }; fieldErrors?: Record<string, string> };
