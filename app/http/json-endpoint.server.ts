import type { z } from "~/forms/zod";
import { isWellFormedText } from "~/forms/fields";
import { distinctMessages } from "~/forms/parse-form";
import {
  BodyNotTextError,
  BodyTooLargeError,
  declaresForeignCharset,
  hasMediaType,
  readBodyText,
} from "./request-body.server";
import { jsonResponse, methodNotAllowed } from "./responses.server";

type JsonEndpoint<Input> = {
  /** The write method the endpoint takes (POST unless said); anything else is answered 405. */
  method?: "POST" | "PATCH" | "PUT";
  /** Every method the endpoint answers, for the 405's `Allow` (default: `method` alone). */
  allowed?: readonly string[];
  schema: z.ZodType<Input>;
  /** Larger bodies are refused with 413, counted while reading (chunked bodies declare no length). */
  limitBytes: number;
  /** The 413 answer's message, when the endpoint can say more than the size (login: "too long"). */
  tooLargeMessage?: string;
  /** The 400 answer's message when the body does not match the schema (the field errors follow it). */
  invalidMessage: string;
  /**
   * Runs once the method is right, before the body is looked at: an answer here (a rate limit's
   * 429) ends the request, so every write counts, a broken one too.
   */
  admit?: () => Promise<Response | undefined>;
};

/** What a JSON value is, in the words of a message that says it should have been an object. */
function jsonKind(value: unknown): string {
  if (value === null) return "null";
  if (Array.isArray(value)) return "an array";
  return typeof value === "string" ? "a string" : typeof value === "number" ? "a number" : "true or false";
}

/**
 * The top-level field of the first text in a JSON value (a key or a string, however deep) that
 * holds a lone surrogate: JSON can spell one ("\ud800"), UTF-8 cannot carry it, and anything
 * that later encodes it (a database, an email, a calendar file) writes U+FFFD the customer never
 * typed. "" when the body's own keys hold it.
 */
function fieldWithLoneSurrogate(value: unknown, field?: string): string | undefined {
  if (typeof value === "string") return isWellFormedText(value) ? undefined : (field ?? "");
  if (typeof value !== "object" || value === null) return undefined;
  for (const [key, item] of Object.entries(value)) {
    if (!isWellFormedText(key)) return field ?? "";
    const found = fieldWithLoneSurrogate(item, field ?? key);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** Each field's messages, once each (as zod's flattenError groups them by the field at the top of the path). */
function fieldErrorsOf(error: z.ZodError): Record<string, string[]> {
  const issuesByField = new Map<string, z.core.$ZodIssue[]>();
  for (const issue of error.issues) {
    const [field] = issue.path;
    if (field === undefined) continue;
    issuesByField.set(String(field), [...(issuesByField.get(String(field)) ?? []), issue]);
  }
  return Object.fromEntries([...issuesByField].map(([field, issues]) => [field, distinctMessages(issues)]));
}

/**
 * The one door of every JSON write endpoint (/api/contact, /api/service-request, /api/login, and
 * PATCH on an inbox record): its one method (405 with `Allow`), the endpoint's `admit` step (the
 * public forms' rate limit), a JSON content type in UTF-8 (415), a bounded body (413) of valid
 * UTF-8 (400), valid JSON (400) holding an object (400), the schema (400 `{ message, fieldErrors }`,
 * each message once per field), and no lone surrogate in any of its texts (400 naming the field).
 * Only input that passed all of them reaches `handle`. Every answer from here is JSON and `no-store`.
 */
export async function handleJsonWrite<Input>(
  request: Request,
  {
    method = "POST",
    allowed = [method],
    schema,
    limitBytes,
    tooLargeMessage,
    invalidMessage,
    admit,
  }: JsonEndpoint<Input>,
  handle: (input: Input) => Promise<Response>,
): Promise<Response> {
  if (request.method !== method) return methodNotAllowed(allowed);
  const refused = await admit?.();
  if (refused) return refused;
  const contentType = request.headers.get("Content-Type") ?? "";
  if (!hasMediaType(contentType, "application/json")) {
    return jsonResponse({ message: "Send the request body as JSON with Content-Type: application/json." }, 415);
  }
  if (declaresForeignCharset(contentType)) {
    return jsonResponse({ message: "Send the request body in UTF-8 (Content-Type: application/json)." }, 415);
  }

  let payload: unknown;
  try {
    payload = JSON.parse(await readBodyText(request, limitBytes));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return jsonResponse(
        { message: tooLargeMessage ?? `The request body is larger than ${limitBytes / 1024} KB.` },
        413,
      );
    }
    if (error instanceof BodyNotTextError) {
      return jsonResponse({ message: "The request body is not valid UTF-8.", fieldErrors: {} }, 400);
    }
    return jsonResponse({ message: "The request body is not valid JSON.", fieldErrors: {} }, 400);
  }
  if (typeof payload !== "object" || payload === null || Array.isArray(payload)) {
    const message = `The request body must be a JSON object of fields, not ${jsonKind(payload)}.`;
    return jsonResponse({ message, fieldErrors: {} }, 400);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    return jsonResponse({ message: invalidMessage, fieldErrors: fieldErrorsOf(parsed.error) }, 400);
  }
  // After the schema, whose text fields say it in their own words; this catches the rest (a note
  // the schema takes as any string, a key it would drop).
  const illFormed = fieldWithLoneSurrogate(payload);
  if (illFormed !== undefined) {
    const message = "This text contains characters that are not valid text (a lone UTF-16 surrogate).";
    return jsonResponse({ message: invalidMessage, fieldErrors: { [illFormed]: [message] } }, 400);
  }
  return handle(parsed.data);
}

/**
 * PUT on an owner's settings document (capacity, booking options, mail settings): GET and HEAD
 * read it, so a 405 names all three, and a refusal says that nothing was changed.
 */
export function handleSettingsPut<Input>(
  request: Request,
  schema: z.ZodType<Input>,
  limitBytes: number,
  handle: (input: Input) => Promise<Response>,
): Promise<Response> {
  return handleJsonWrite(
    request,
    {
      method: "PUT",
      allowed: ["GET", "HEAD", "PUT"],
      schema,
      limitBytes,
      invalidMessage: "Nothing was changed: some fields need attention.",
    },
    handle,
  );
}
