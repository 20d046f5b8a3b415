import { parseWithZod } from "@conform-to/zod/v4";
import type { z } from "./zod";

/**
 * A field's messages, each once: two rules can fail with the same words (the phone number's
 * length and its count of digits both say "at least 7 digits"), and a visitor should read them once.
 */
export function distinctMessages(issues: readonly { message: string }[]): string[] {
  return [...new Set(issues.map((issue) => issue.message))];
}

/** A posted form parsed with its schema, as conform reports it: the page actions and the browser use this. */
export function parseFormData<Schema extends z.ZodType>(formData: FormData, schema: Schema) {
  return parseWithZod(formData, { schema, formatError: distinctMessages });
}
