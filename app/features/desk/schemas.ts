import { requiredText } from "../../forms/fields";
import { instantField } from "../../forms/dates";
import { z } from "../../forms/zod";
import { ACTIVITY_NOTE_MAX, CALL_OUTCOMES } from "./activity";

// What the call-back desk takes, for the JSON API and the record page's forms alike: one entry of
// the call log, and a change of follow-up or assignee. A note follows the forms' text rules
// (app/forms/fields.ts; line breaks and tabs are fine).

const noteRules = {
  missing: "Write the note.",
  max: ACTIVITY_NOTE_MAX,
  tooLong: `A note can be at most ${ACTIVITY_NOTE_MAX} characters.`,
  subject: "The note",
  multiline: true,
} as const;

const emptyToUndefined = (value: unknown) =>
  value === null || (typeof value === "string" && value.trim() === "") ? undefined : value;

const requiredNote = requiredText(noteRules);
const optionalNote = z.preprocess(emptyToUndefined, requiredText(noteRules).optional());

export const activitySchema = z.discriminatedUnion(
  "type",
  [
    z.object({
      type: z.literal("call"),
      outcome: z.enum(CALL_OUTCOMES, { error: `outcome must be one of ${CALL_OUTCOMES.join(", ")}.` }),
      note: optionalNote,
    }),
    z.object({ type: z.literal("note"), note: requiredNote }),
    z.object({ type: z.literal("email"), note: optionalNote }),
  ],
  { error: "type must be one of call, note, email." },
);
export type ActivityInput = z.output<typeof activitySchema>;

const FOLLOW_UP_FORMAT = "followUpAt must be a date and time in ISO 8601 with its offset, or null.";

/** A member's username as the team stores it; the server checks that one exists and is active. */
const username = z.string({ error: "assignee must be a username or null." }).min(1).max(64);

/**
 * PATCH on a record: a new status, a follow-up (ISO 8601 with its offset, or null to clear it),
 * an assignee (a username, or null for nobody), any of them together.
 */
export const recordPatchSchema = <Status extends string>(statuses: readonly [Status, ...Status[]]) =>
  z
    .object({
      status: z.enum(statuses, { error: `status must be one of ${statuses.join(", ")}.` }).optional(),
      followUpAt: instantField({ format: FOLLOW_UP_FORMAT, notATime: FOLLOW_UP_FORMAT, wallClock: false })
        .nullable()
        .optional(),
      assignee: username.nullable().optional(),
    })
    .refine((body) => body.status !== undefined || body.followUpAt !== undefined || body.assignee !== undefined, {
      error: "Send the new status, followUpAt or assignee.",
    });
