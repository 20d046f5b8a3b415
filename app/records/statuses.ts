// A record's place in the shop's work: shared by the database schema, the server and the inbox UI
// (no imports, so the browser bundle gains only these few strings).

/** Every record starts `new`; staff call the visitor (`contacted`) and finish (`closed`). */
export const SUBMISSION_STATUSES = ["new", "contacted", "closed", "spam"] as const;
export type SubmissionStatus = (typeof SUBMISSION_STATUSES)[number];

export function isSubmissionStatus(value: unknown): value is SubmissionStatus {
  return SUBMISSION_STATUSES.some((status) => status === value);
}

/** What the inbox shows by default: the records somebody still has to act on. */
export const OPEN_STATUSES: readonly SubmissionStatus[] = ["new", "contacted"];

/** What the JSON API lists when no `status` is asked for: everything but spam. */
export const NOT_SPAM_STATUSES: readonly SubmissionStatus[] = ["new", "contacted", "closed"];

export const statusLabels: Record<SubmissionStatus, string> = {
  new: "New",
  contacted: "Contacted",
  closed: "Closed",
  spam: "Spam",
};

/** The button that moves a record to `status`, read as the action it takes. */
export const statusActionLabels: Record<SubmissionStatus, string> = {
  new: "Mark new",
  contacted: "Mark contacted",
  closed: "Mark closed",
  spam: "Mark spam",
};

/** The button label for leaving `from` for `to`: out of spam it is "Not spam" (back to new). */
export function statusActionLabel(from: SubmissionStatus, to: SubmissionStatus): string {
  return from === "spam" && to === "new" ? "Not spam" : statusActionLabels[to];
}

/**
 * Why a record is spam: set when it arrives (a filled honeypot, a message that is mostly links) or
 * when staff mark it; cleared when it leaves spam. Never set on a record that is not spam.
 */
export const SPAM_REASONS = ["honeypot", "links", "staff"] as const;
export type SpamReason = (typeof SPAM_REASONS)[number];

export const spamReasonLabels: Record<SpamReason, string> = {
  honeypot: "The hidden anti-robot field was filled in with something a browser would not put there",
  // Stored as "links" since the first rule, which looked only at links; the rule now reads the whole message.
  links: "The message reads like spam (advertising, links to other sites)",
  staff: "Marked as spam by staff",
};

/** Spam is deleted this many days after it arrived, once a morning digest has counted it. */
export const SPAM_RETENTION_DAYS = 30;

/**
 * A record kept in the inbox although its hidden anti-robot field was filled: a browser's autofill
 * or a password manager does that to real customers, so it is emailed and counted like any other.
 */
export const POSSIBLE_SPAM_LABEL = "Possible spam";
export const POSSIBLE_SPAM_EXPLANATION =
  "The hidden anti-robot field was filled in, as a browser's autofill sometimes does. The message reads like a customer's: check before marking it spam.";
