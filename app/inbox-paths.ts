import type { SubmissionFormName } from "~/forms/submission-messages";

// Where each kind of submission lives in the staff inbox: the record pages and the emails link here.

export const inboxSegments = {
  contact: "contact-messages",
  serviceRequest: "service-requests",
} as const satisfies Record<SubmissionFormName, string>;

/** The record's own page in the staff inbox, e.g. `/incoming/service-requests/<id>`. */
export function inboxRecordPath(form: SubmissionFormName, id: string): string {
  return `/incoming/${inboxSegments[form]}/${encodeURIComponent(id)}`;
}
