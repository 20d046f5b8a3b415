import { newUsernameField, passwordProblem } from "~/features/sign-in/sign-in";
import { optionalText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { STAFF_ROLES } from "~/http/staff-roles";

// What the team's forms and JSON endpoints take: one schema per action, read by the page actions
// and the /api/team endpoints alike (app/features/team/server/).

const EMAIL_MAX = 254;
const DISPLAY_NAME_MAX = 50;

/** Absent, null or blank: no address. Stored lower-cased: one account per address, whatever its case. */
const optionalEmail = z.preprocess(
  (value) => (value === null || (typeof value === "string" && value.trim() === "") ? undefined : value),
  z
    .string({ error: "The email address must be text." })
    .trim()
    .max(EMAIL_MAX, `An email address can be at most ${EMAIL_MAX} characters.`)
    .pipe(z.email("Enter a valid email address, like name@example.com."))
    .transform((value) => value.toLowerCase())
    .optional(),
);

const role = z.enum(STAFF_ROLES, { error: "Choose Owner or Staff." });

export const inviteSchema = z.object({ role, email: optionalEmail });
export type InviteInput = z.infer<typeof inviteSchema>;

/** What /api/team/<username> takes: the route's handle (which the Worker checks) and its 405s. */
export const MEMBER_METHODS = ["PATCH", "DELETE"] as const;

/** PATCH /api/team/<username>: a new role, disabled or enabled, or both. */
export const memberChangeSchema = z
  .object({
    role: role.optional(),
    disabled: z.boolean({ error: "disabled must be true or false." }).optional(),
  })
  .refine((change) => change.role !== undefined || change.disabled !== undefined, {
    error: "Send a role, disabled, or both.",
  });
export type MemberChange = z.infer<typeof memberChangeSchema>;

const newPassword = z
  .string({ error: "Choose a password." })
  .min(1, "Choose a password.")
  .superRefine((value, context) => {
    const problem = passwordProblem(value);
    if (problem) context.addIssue({ code: "custom", message: problem });
  });

/** The invitee's own account, at /join/<token>: the CLI's rules for the username and password. */
export const joinSchema = z.object({
  username: newUsernameField,
  displayName: optionalText({
    max: DISPLAY_NAME_MAX,
    tooLong: `A display name can be at most ${DISPLAY_NAME_MAX} characters.`,
    subject: "The display name",
  }),
  password: newPassword,
});
export type JoinInput = z.infer<typeof joinSchema>;

/** A new password through a reset link. */
export const newPasswordSchema = z.object({ password: newPassword });

/** "Forgot password?": a username or an email address. */
export const resetRequestSchema = z.object({
  account: z
    .string({ error: "Enter your username or email address." })
    .trim()
    .min(1, "Enter your username or email address.")
    .max(EMAIL_MAX, "That is longer than any username or email address.")
    .transform((value) => value.toLowerCase()),
});
