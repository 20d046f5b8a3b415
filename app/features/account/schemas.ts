import { optionalText } from "../../forms/fields";
import { passwordProblem } from "~/features/sign-in/sign-in";
import { z } from "../../forms/zod";

// A member's own account (/incoming/account and /api/account): the name staff know them by, their
// email, and a new password. Shared by the page (browser and server) and the JSON API.

export const DISPLAY_NAME_MAX = 60;
const EMAIL_MAX = 254;

/** Absent: left as it is (the API); empty or null: removed. */
export const profileSchema = z.object({
  displayName: optionalText({
    max: DISPLAY_NAME_MAX,
    tooLong: `Your display name can be at most ${DISPLAY_NAME_MAX} characters.`,
    subject: "Your display name",
  }),
  email: z
    .string({ error: "Your email address must be text." })
    .trim()
    .toLowerCase()
    .max(EMAIL_MAX, `Your email address can be at most ${EMAIL_MAX} characters.`)
    .pipe(z.union([z.literal(""), z.email("Please enter a valid email address, like name@example.com.")]))
    .transform((value) => value || undefined)
    .nullish(),
});

export type ProfileInput = z.infer<typeof profileSchema>;

const secret = (name: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${name} is required.` : `${name} must be text.`,
  });

export const passwordChangeSchema = z
  .object({
    currentPassword: secret("Your current password")
      .min(1, "Your current password is required.")
      .max(256, "That is not your current password."),
    newPassword: secret("A new password").superRefine((value, context) => {
      const problem = passwordProblem(value);
      if (problem) context.addIssue({ code: "custom", message: problem });
    }),
  })
  .refine((value) => value.currentPassword !== value.newPassword, {
    path: ["newPassword"],
    message: "Choose a new password that differs from the current one.",
  });

export type PasswordChangeInput = z.infer<typeof passwordChangeSchema>;
