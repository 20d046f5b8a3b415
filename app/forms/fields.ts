import { z } from "./zod";

// Bounds the brief leaves open, shared by the browser (as HTML constraints through conform)
// and the server. Every field is required; surrounding whitespace is trimmed first.
const FIELD_LIMITS = {
  name: 50,
  email: 254,
  phoneMin: 7,
  phoneMax: 20,
  message: 5000,
} as const;

const requiredText = (missing: string, max: number, tooLong: string) =>
  z.string({ error: missing }).trim().min(1, missing).max(max, tooLong);

export const nameField = (label: string) =>
  requiredText(
    `Please enter your ${label}.`,
    FIELD_LIMITS.name,
    `Your ${label} can be at most ${FIELD_LIMITS.name} characters.`,
  );

export const emailField = z
  .string({ error: "Please enter your email address." })
  .trim()
  .min(1, "Please enter your email address.")
  .max(FIELD_LIMITS.email, `Your email address can be at most ${FIELD_LIMITS.email} characters.`)
  .pipe(z.email("Please enter a valid email address, like name@example.com."));

// Also the field's HTML pattern attribute, which browsers compile with the v flag: there an
// unescaped "(" or "-" in a class is a syntax error (test/form-constraints.test.ts checks it).
// Not a /v literal, so zod still runs in browsers that predate the flag.
const PHONE_CHARACTERS = new RegExp(String.raw`^[0-9 +.\-\(\)]+$`);

export const phoneField = z
  .string({ error: "Please enter your phone number." })
  .trim()
  .min(1, "Please enter your phone number.")
  .min(FIELD_LIMITS.phoneMin, `Please enter a phone number of at least ${FIELD_LIMITS.phoneMin} digits.`)
  .max(FIELD_LIMITS.phoneMax, `Your phone number can be at most ${FIELD_LIMITS.phoneMax} characters.`)
  .regex(PHONE_CHARACTERS, "Use only digits, spaces and + ( ) - . in your phone number.")
  .refine(
    (value) => (value.match(/\d/g)?.length ?? 0) >= FIELD_LIMITS.phoneMin,
    `Please enter a phone number of at least ${FIELD_LIMITS.phoneMin} digits.`,
  );

export const messageField = (label: string) =>
  requiredText(
    `Please enter ${label}.`,
    FIELD_LIMITS.message,
    `Please keep ${label} under ${FIELD_LIMITS.message} characters, or call us.`,
  );

/**
 * A random id the page gives each form it renders. The server stores the submission under it,
 * so a double click, a resent form or a retried request is stored once.
 */
export const submissionIdField = z.uuid("This form has expired. Please reload the page.").optional();

/** The honeypot's rule: any value at all is accepted (and then stored as nothing). */
export const honeypotField = z.string().optional();
