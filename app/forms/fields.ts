import type { Choice } from "~/content/choice";
import { z } from "./zod";

// Bounds of our own, shared by the browser (as HTML constraints through conform)
// and the server. Every field is required; surrounding whitespace is trimmed first.
const FIELD_LIMITS = {
  name: 50,
  email: 254,
  phoneMin: 7,
  phoneMax: 20,
  message: 5000,
} as const;

// What text the public forms take (decision record 016). The body readers have already refused
// bytes that are not UTF-8; these rules see the decoded text, in the browser and on the server
// alike. Refused: lone surrogates (JSON can spell them, "\ud800") and control characters, except
// line breaks and tabs in a message. Removed: bidirectional controls in one-line fields, which
// could make the inbox show a name reversed or run it into the next one, and tag characters
// anywhere. Normalised: line breaks (U+000B, U+2028 and U+2029 among them) to \n in a message,
// Unicode to NFC, and invisible characters at either end trimmed with the spaces, so a field of
// only zero-width, bidi or other blank-looking characters counts as empty.

/** Whether the text holds a C0 or C1 control character or DEL (a message may hold tab and line breaks, U+000B too). */
function hasControlCharacter(text: string, { multiline }: { multiline: boolean }): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    const control = code < 0x20 || (code >= 0x7f && code <= 0x9f);
    // A message takes tab and line breaks, U+000B (Word's soft line break) among them.
    if (control && !(multiline && (code === 0x09 || code === 0x0a || code === 0x0b || code === 0x0d))) return true;
  }
  return false;
}

/** Line and paragraph separators: line breaks too, which one-line fields do not take. */
const LINE_SEPARATORS = /[\u2028\u2029]/;
/** Embeddings, overrides, isolates and the directional marks. */
const BIDI_CONTROLS = /\p{Bidi_Control}/gu;
/**
 * A field of nothing but spaces and characters that render as nothing: zero-width, bidi, fillers…
 * (Default_Ignorable), and the ones that look blank without being ignorable: combining marks with
 * nothing to combine with, noncharacters (U+FFFE), the braille blank (U+2800), the interlinear
 * annotation marks (U+FFF9-FFFB) and the musical null notehead (U+1D159).
 */
const ONLY_INVISIBLE =
  /^[\s\p{Default_Ignorable_Code_Point}\p{M}\p{Noncharacter_Code_Point}\u2800\ufff9-\ufffb\u{1d159}]*$/u;
/** Tag characters: invisible, and able to spell out text nobody sees (ASCII smuggling). Removed anywhere. */
const TAG_CHARACTERS = /[\u{e0000}-\u{e007f}]/gu;
/** What other programs write as a line break in running text: CR LF, CR, U+000B, U+2028, U+2029. */
const FOREIGN_LINE_BREAKS = /\r\n?|[\v\u2028\u2029]/g;
/**
 * Spaces and invisible format characters at either end. Not all of Default_Ignorable: a variation
 * selector at the end belongs to the emoji before it (❤️).
 */
const INVISIBLE_FORMAT = String.raw`\u00ad\u061c\u115f\u1160\u180e\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\u3164\ufeff\uffa0`;
const EDGE_SPACE = new RegExp(String.raw`^[\s${INVISIBLE_FORMAT}]+|[\s${INVISIBLE_FORMAT}]+$`, "g");

/** Whether every surrogate in the text is half of a pair (String.prototype.isWellFormed, for older browsers). */
export function isWellFormedText(text: string): boolean {
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code >= 0xd800 && code <= 0xdbff) {
      const next = text.charCodeAt(i + 1);
      if (!(next >= 0xdc00 && next <= 0xdfff)) return false;
      i++;
    } else if (code >= 0xdc00 && code <= 0xdfff) {
      return false;
    }
  }
  return true;
}

/**
 * The stored form of a text field: line breaks as \n, tag characters removed, NFC, invisible edges
 * trimmed, blank-looking-only as "".
 */
function normalizeText(text: string, { multiline }: { multiline: boolean }): string {
  const lines = multiline ? text.replace(FOREIGN_LINE_BREAKS, "\n") : text.replace(BIDI_CONTROLS, "");
  const normalized = lines.replace(TAG_CHARACTERS, "").normalize("NFC");
  return ONLY_INVISIBLE.test(normalized) ? "" : normalized.replace(EDGE_SPACE, "");
}

type TextRules = {
  /** For an absent or empty field (also one of only spaces or invisible characters). */
  missing: string;
  max: number;
  tooLong: string;
  /** How the field is named in messages: "Your first name", "Your message". */
  subject: string;
  multiline?: boolean;
};

/** The rules above on a string: refusals first, then the stored form. */
function withTextRules(text: z.ZodString, { subject, multiline = false }: Pick<TextRules, "subject" | "multiline">) {
  return text
    .refine(isWellFormedText, { error: `${subject} contains characters that are not valid text.`, abort: true })
    .refine((value) => !hasControlCharacter(value, { multiline }) && (multiline || !LINE_SEPARATORS.test(value)), {
      error: multiline
        ? `${subject} contains control characters. Please remove them (line breaks and tabs are fine).`
        : `${subject} contains line breaks or control characters. Please remove them.`,
      abort: true,
    })
    .overwrite((value) => normalizeText(value, { multiline }));
}

/**
 * A required text field with the rules above. Each failure gives one message: the first rule
 * broken (an empty field is only "missing", not also "too short").
 */
export function requiredText({ missing, max, tooLong, subject, multiline = false }: TextRules) {
  const text = z.string({
    error: (issue) => (issue.input === undefined || issue.input === null ? missing : `${subject} must be text.`),
  });
  return withTextRules(text, { subject, multiline }).min(1, { error: missing, abort: true }).max(max, tooLong);
}

/**
 * An optional text field with the same rules. Absent, null, empty, or only spaces and invisible
 * characters all mean "not given" (stored as NULL).
 */
export function optionalText({ max, tooLong, subject }: Omit<TextRules, "missing" | "multiline">) {
  return withTextRules(z.string({ error: `${subject} must be text.` }), { subject })
    .max(max, tooLong)
    .transform((value) => value || undefined)
    .nullish();
}

export const nameField = (label: string) =>
  requiredText({
    missing: `Please enter your ${label}.`,
    max: FIELD_LIMITS.name,
    tooLong: `Your ${label} can be at most ${FIELD_LIMITS.name} characters.`,
    subject: `Your ${label}`,
  });

export const emailField = requiredText({
  missing: "Please enter your email address.",
  max: FIELD_LIMITS.email,
  tooLong: `Your email address can be at most ${FIELD_LIMITS.email} characters.`,
  subject: "Your email address",
}).pipe(z.email("Please enter a valid email address, like name@example.com."));

// Also the field's HTML pattern attribute, which browsers compile with the v flag: there an
// unescaped "(" or "-" in a class is a syntax error (test/submissions/form-constraints.test.ts checks it).
// Not a /v literal, so zod still runs in browsers that predate the flag.
const PHONE_CHARACTERS = new RegExp(String.raw`^[0-9 +.\-\(\)]+$`);
const PHONE_TOO_SHORT = `Please enter a phone number of at least ${FIELD_LIMITS.phoneMin} digits.`;

export const phoneField = requiredText({
  missing: "Please enter your phone number.",
  max: FIELD_LIMITS.phoneMax,
  tooLong: `Your phone number can be at most ${FIELD_LIMITS.phoneMax} characters.`,
  subject: "Your phone number",
})
  .min(FIELD_LIMITS.phoneMin, PHONE_TOO_SHORT)
  .regex(PHONE_CHARACTERS, "Use only digits, spaces and + ( ) - . in your phone number.")
  .refine((value) => (value.match(/\d/g)?.length ?? 0) >= FIELD_LIMITS.phoneMin, PHONE_TOO_SHORT);

export const messageField = (label: string) =>
  requiredText({
    missing: `Please enter ${label}.`,
    max: FIELD_LIMITS.message,
    tooLong: `Please keep ${label} under ${FIELD_LIMITS.message} characters, or call us.`,
    subject: "Your message",
    multiline: true,
  });

/** A random (version 4) UUID, in any letter case; "random" rules out the nil UUID and other versions. */
const RANDOM_UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

/**
 * A random id the page gives each form it renders. The server stores the submission under it,
 * so a double click, a resent form or a retried request is stored once. Stored in lower case:
 * the same id in capitals is the same submission.
 */
export const submissionIdField = z
  .string({ error: "This form has expired. Please reload the page." })
  .trim()
  .toLowerCase()
  .regex(RANDOM_UUID, "This form has expired. Please reload the page.")
  .optional();

/**
 * The honeypot's rule: anything at all is accepted, of any type, so that no answer ever names
 * the field. A value that is neither absent nor empty marks the submission as a bot's.
 */
export const honeypotField = z.unknown().optional();

/** Whether the honeypot was filled (any value but absent or empty). */
export const isHoneypotFilled = (value: unknown) => value !== undefined && value !== null && value !== "";

/**
 * A whole number sent as a JSON number or as digits (`digits` says which; thousands commas are
 * dropped, as people type them). Nothing else: null, true or "" are no numbers (z.coerce would
 * read them as 0, 1 and 0).
 */
export function wholeNumber({
  digits,
  min,
  max,
  message,
}: {
  digits: RegExp;
  min: number;
  max: number;
  message: string;
}) {
  const typed = z
    .string()
    .trim()
    .regex(digits)
    .transform((text) => Number(text.replaceAll(",", "")));
  return z
    .union([z.number(), typed], { error: message })
    .pipe(z.number().int(message).min(min, message).max(max, message));
}

/** An optional choice among fixed values (radio buttons): left out, null, or one of `choice`'s values. */
export const optionalChoice = <Value extends string>(choice: Choice<Value>, error: string) =>
  z.enum(choice.values, { error }).nullish();
