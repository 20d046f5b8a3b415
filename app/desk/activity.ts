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
