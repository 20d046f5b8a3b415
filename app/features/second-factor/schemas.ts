import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";

// The second factor's forms and JSON bodies, shared by the pages (browser and server) and the API.

/** An authenticator's 6 digits or a recovery code ("abcde-fghij"): spaces are ignored. */
export const codeSchema = z.object({
  code: z
    .string({
      error: (issue) =>
        issue.input === undefined || issue.input === null ? "Enter a code." : "The code must be text.",
    })
    .transform((value) => value.replace(/\s/g, ""))
    .pipe(z.string().min(1, "Enter a code.").max(32, "That is not a code from your app or a recovery code.")),
});
export type CodeInput = z.infer<typeof codeSchema>;

export const PASSKEY_NAME_MAX = 60;
export const passkeyNameField = requiredText({
  missing: "Give the passkey a name, like “Front desk PC”.",
  max: PASSKEY_NAME_MAX,
  tooLong: `A passkey's name can be at most ${PASSKEY_NAME_MAX} characters.`,
  subject: "The passkey's name",
});

// What a browser's WebAuthn call returns, as passkey-ceremonies.ts writes it as JSON. The verifier
// checks every part's content; these bounds only keep the shape and the size sane.
const base64url = z
  .string()
  .max(4096)
  .regex(/^[A-Za-z0-9_-]*$/, "must be base64url");
const credentialBase = {
  id: base64url,
  rawId: base64url,
  type: z.literal("public-key"),
  clientExtensionResults: z.record(z.string(), z.unknown()).default({}),
  authenticatorAttachment: z.enum(["platform", "cross-platform"]).optional(),
};

export const registrationSchema = z.object({
  name: passkeyNameField,
  credential: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url,
      attestationObject: base64url,
      transports: z.array(z.string().max(32)).max(10).optional(),
    }),
  }),
});
export type RegistrationInput = z.infer<typeof registrationSchema>;

export const authenticationSchema = z.object({
  credential: z.object({
    ...credentialBase,
    response: z.object({
      clientDataJSON: base64url,
      authenticatorData: base64url,
      signature: base64url,
      userHandle: base64url.optional(),
    }),
  }),
});
export type AuthenticationInput = z.infer<typeof authenticationSchema>;

/** The password, for a member without a second factor asked to prove it is them again. */
export const passwordCheckSchema = z.object({
  password: z
    .string({ error: "Enter your password." })
    .min(1, "Enter your password.")
    .max(256, "That is not your password."),
});

/** Where to go once the check is done: a path on this site only (never `//host`). */
export function safeNextPath(value: unknown): string | null {
  return typeof value === "string" && /^\/(?:incoming|api)(?:[/.?]|$)/.test(value) && !/[\\\s]/.test(value)
    ? value
    : null;
}
