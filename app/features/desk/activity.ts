// What staff log on a record at the call-back desk, shared by the database's CHECKs
// (app/db/schema/desk.ts), the server's rules and the pages.

export const ACTIVITY_TYPES = ["call", "note", "email"] as const;
export type ActivityType = (typeof ACTIVITY_TYPES)[number];

export const CALL_OUTCOMES = ["reached", "voicemail", "no-answer", "wrong-number"] as const;
export type CallOutcome = (typeof CALL_OUTCOMES)[number];

export const callOutcomeLabels: Record<CallOutcome, string> = {
  reached: "Reached them",
  voicemail: "Left a voicemail",
  "no-answer": "No answer",
  "wrong-number": "Wrong number",
};

/** The longest note staff may keep with a call, a note or an email. */
export const ACTIVITY_NOTE_MAX = 2000;

export const activityTypeLabels: Record<ActivityType, string> = {
  call: "Call",
  note: "Note",
  email: "Emailed them",
};

/** One entry of a record's log as the API and the pages show it (`by`: the member's display name). */
export type ActivityEntry = {
  type: ActivityType;
  outcome?: CallOutcome;
  note?: string;
  /** The member's display name as it is now, or the username when they have none. */
  by: string;
  at: Date;
};

/** A logged call that marks a `new` record `contacted` and counts as the first contact. */
export const countsAsContact = (type: ActivityType, outcome?: CallOutcome | null) =>
  type === "email" || (type === "call" && outcome === "reached");

/** How a log entry reads in a record's timeline: "Call: Reached them", "Note", "Emailed them". */
export const activityTitle = (entry: Pick<ActivityEntry, "type" | "outcome">) =>
  entry.type === "call" && entry.outcome ? `Call: ${callOutcomeLabels[entry.outcome]}` : activityTypeLabels[entry.type];
