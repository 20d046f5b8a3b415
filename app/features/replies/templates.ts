import { requiredText } from "~/forms/fields";
import { z } from "~/forms/zod";
import { REPLY_SUBJECT_MAX } from "./messages";

// Reply templates as the settings page, the owners' API and the record page share them
// (docs/decisions/052-reply-templates.md): the placeholders a template may hold, and what a saved
// template takes. The server fills the placeholders from the record (server/template-fill.server.ts).

/** Every placeholder a template may use, with what it becomes (the settings page lists these words). */
export const PLACEHOLDERS = {
  firstName: "The customer's first name.",
  vehicle: "Their car as they gave it (“2016 Honda Accord”), or “car” when they gave none, as on a contact message.",
  service: "The service they asked for (“Brake Repair & Service”), or “help with your car” on a contact message.",
  preferredDate: "The day they asked to come in (“Tuesday, December 1”), or “a day that suits you”.",
  shopPhone: "The shop's phone number.",
  hoursToday: "Today's hours (“8:00 AM to 5:00 PM”), or “closed today” with the reason.",
} as const;

export type Placeholder = keyof typeof PLACEHOLDERS;
export const PLACEHOLDER_NAMES = Object.keys(PLACEHOLDERS) as Placeholder[];

export const TEMPLATE_NAME_MAX = 60;
export const TEMPLATE_BODY_MAX = 4000;
/** How many templates the shop may keep: a picker longer than this is not read. */
export const MAX_TEMPLATES = 50;

// Anything in braces, short and on one line, is meant as a placeholder: "{first name}" too, so a
// typo is refused at saving rather than sent to a customer as written.
const BRACED = /\{([^{}\n]{1,40})\}/g;

/** The placeholders in a text that are not one of PLACEHOLDERS, each once, as written. */
export function unknownPlaceholders(text: string): string[] {
  const names = [...text.matchAll(BRACED)].map((match) => match[1] ?? "");
  return [...new Set(names.filter((name) => !(PLACEHOLDER_NAMES as string[]).includes(name)))];
}

const knownList = PLACEHOLDER_NAMES.map((name) => `{${name}}`).join(", ");

const withKnownPlaceholders = <Schema extends z.ZodType<string>>(schema: Schema, where: string) =>
  schema.superRefine((text, context) => {
    const unknown = unknownPlaceholders(text);
    if (unknown.length === 0) return;
    const named = unknown.map((name) => `{${name}}`).join(", ");
    context.addIssue({
      code: "custom",
      message: `Unknown placeholder${unknown.length > 1 ? "s" : ""} ${named} in the ${where}. A template may use ${knownList}.`,
    });
  });

/** A template as an owner saves it (the settings page and the owners' API alike). */
export const replyTemplateSchema = z.object({
  name: requiredText({
    missing: "Give the template a name.",
    max: TEMPLATE_NAME_MAX,
    tooLong: `A template's name can be at most ${TEMPLATE_NAME_MAX} characters.`,
    subject: "The name",
  }),
  subject: withKnownPlaceholders(
    requiredText({
      missing: "Give the template a subject.",
      max: REPLY_SUBJECT_MAX,
      tooLong: `A subject can be at most ${REPLY_SUBJECT_MAX} characters.`,
      subject: "The subject",
    }),
    "subject",
  ),
  body: withKnownPlaceholders(
    requiredText({
      missing: "Write the template's text.",
      max: TEMPLATE_BODY_MAX,
      tooLong: `A template's text can be at most ${TEMPLATE_BODY_MAX} characters.`,
      subject: "The text",
      multiline: true,
    }),
    "text",
  ),
});
export type ReplyTemplateInput = z.output<typeof replyTemplateSchema>;

/** A template as the pages and the API show it. */
export type ReplyTemplate = {
  id: number;
  name: string;
  subject: string;
  body: string;
  updatedAt: Date;
  updatedBy: string | null;
};
