import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";
import { parseFormData } from "~/forms/parse-form";
import type { z } from "~/forms/zod";
import type { AppEnv } from "./env.server";
import { NO_STORE } from "./responses.server";
import { redirectWithToast, type ToastInput } from "./toast.server";
import type { RefusalReason } from "./outcome.server";

// The byte-level rules every request body meets, whichever door it comes through: bounded in
// size, UTF-8 (declared or implied), and valid UTF-8 down to the last byte. A decoder that
// quietly turns bad bytes into U+FFFD would store something the visitor never typed. What the
// text may contain (control characters, invisible-only fields…) is the forms' field rules'
// business (app/forms/fields.ts), so that the browser applies the same ones.

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes`);
  }
}

/** The body's bytes are not UTF-8, or (in a URL-encoded form) its escapes do not decode to UTF-8. */
export class BodyNotTextError extends Error {}

/** Whether a Content-Type names a charset other than UTF-8 (none named means UTF-8 here). */
export function declaresForeignCharset(contentType: string): boolean {
  const charset = /;\s*charset\s*=\s*"?([^";\s]*)"?/i.exec(contentType)?.[1]?.toLowerCase();
  return charset !== undefined && charset !== "utf-8" && charset !== "utf8";
}

/** Whether a Content-Type's media type is `mediaType` (parameters aside). */
export function hasMediaType(contentType: string | null, mediaType: string): boolean {
  return (contentType ?? "").split(";")[0]!.trim().toLowerCase() === mediaType;
}

/**
 * A stream's bytes, read until it ends or passes `limitBytes` (then cancelled: null). The count
 * decides, whatever length the sender declared. Request bodies and incoming emails read through it.
 */
export async function readStreamWithin(stream: ReadableStream<Uint8Array>, limitBytes: number) {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel();
      return null;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return bytes;
}

/**
 * Reads a request body as UTF-8 text, refusing it as soon as it passes `limitBytes`
 * (BodyTooLargeError) or when its bytes are not UTF-8 (BodyNotTextError). Content-Length is
 * checked first, but the count is what decides: chunked bodies carry no length.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!request.body) return "";

  const bytes = await readStreamWithin(request.body, limitBytes);
  if (!bytes) throw new BodyTooLargeError(limitBytes);
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    throw new BodyNotTextError("The request body is not valid UTF-8");
  }
}

/**
 * A URL-encoded form body, strictly: every escape must decode to UTF-8. (URLSearchParams would
 * turn `%FF` or an escaped lone surrogate into U+FFFD without a word.)
 */
function parseUrlEncoded(body: string): FormData {
  const formData = new FormData();
  for (const pair of body.split("&")) {
    if (pair === "") continue;
    const equals = pair.indexOf("=");
    const [name, value] = equals === -1 ? [pair, ""] : [pair.slice(0, equals), pair.slice(equals + 1)];
    try {
      formData.append(decodeURIComponent(name.replaceAll("+", " ")), decodeURIComponent(value.replaceAll("+", " ")));
    } catch {
      throw new BodyNotTextError("The form body has an escape that is not UTF-8");
    }
  }
  return formData;
}

const FORM_MESSAGES = {
  unreadable: "This form could not be read. Please try again.",
  notText: "This form's text could not be read: it was not sent as valid UTF-8.",
  notAForm: "This address takes form posts (application/x-www-form-urlencoded or multipart/form-data).",
  foreignCharset: "This form must be sent in UTF-8.",
} as const;

/** A page action's answer when the posted form cannot be read: the form shows `message` on top. */
function formRefusal(message: string, status: 400 | 413 | 415, headers?: HeadersInit) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data({ result }, { status, headers });
}

type PostedForm = { ok: true; formData: FormData } | { ok: false; refusal: ReturnType<typeof formRefusal> };

/**
 * The one reader of every page action's body (the public forms, login): a plain HTML post or
 * React Router's fetch of the same form, bounded like the JSON endpoints' bodies. When it
 * cannot be read, `refusal` is the action's answer: 413 with `tooLargeMessage`, 415 for a
 * body that is not a form or declares another charset, 400 for bytes that are not UTF-8.
 */
export async function readPostedForm(
  request: Request,
  {
    limitBytes,
    tooLargeMessage = FORM_MESSAGES.unreadable,
    headers,
  }: {
    limitBytes: number;
    tooLargeMessage?: string;
    headers?: HeadersInit;
  },
): Promise<PostedForm> {
  // A form posted without a Content-Type is read as the browser's default encoding.
  const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
  const urlEncoded = hasMediaType(contentType, "application/x-www-form-urlencoded");
  if (!urlEncoded && !hasMediaType(contentType, "multipart/form-data")) {
    return { ok: false, refusal: formRefusal(FORM_MESSAGES.notAForm, 415, headers) };
  }
  if (declaresForeignCharset(contentType)) {
    return { ok: false, refusal: formRefusal(FORM_MESSAGES.foreignCharset, 415, headers) };
  }
  try {
    const text = await readBodyText(request, limitBytes);
    const formData = urlEncoded
      ? parseUrlEncoded(text)
      : await new Response(text, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, formData };
  } catch (error) {
    const refusal =
      error instanceof BodyTooLargeError
        ? formRefusal(tooLargeMessage, 413, headers)
        : formRefusal(
            error instanceof BodyNotTextError ? FORM_MESSAGES.notText : FORM_MESSAGES.unreadable,
            400,
            headers,
          );
    return { ok: false, refusal };
  }
}

/** A page's form as its action reads it: the schema, the body's limit, the answer's headers. */
export type PageForm<Schema extends z.ZodType> = {
  schema: Schema;
  limitBytes: number;
  headers: HeadersInit;
  /** Fields never sent back with a refusal (a password, a code). */
  hideFields?: string[];
};

/**
 * A page action's posted form, read as `readPostedForm` reads it and parsed with its schema. When
 * it cannot be read or does not pass, `answer` is the action's reply: the reader's refusal, or a
 * 400 with conform's result.
 */
export async function readSubmission<Schema extends z.ZodType>(
  request: Request,
  { schema, limitBytes, headers, hideFields }: PageForm<Schema>,
) {
  const posted = await readPostedForm(request, { limitBytes, headers });
  if (!posted.ok) return { ok: false as const, answer: posted.refusal };
  const submission = parseFormData(posted.formData, schema);
  if (submission.status !== "success") {
    return { ok: false as const, answer: data({ result: submission.reply({ hideFields }) }, { status: 400, headers }) };
  }
  return { ok: true as const, submission };
}

/**
 * A page action that starts by reading its form (see `readSubmission`): `handle` runs with the
 * parsed submission and the action's arguments; a form that cannot be read or does not pass is
 * answered before it.
 */
export function submittedFormAction<Schema extends z.ZodType, Args extends { request: Request }, Answer>(
  form: PageForm<Schema>,
  handle: (submission: ReadSubmission<Schema>, args: Args) => Promise<Answer>,
) {
  return async (args: Args) => {
    const read = await readSubmission(args.request, form);
    if (!read.ok) return read.answer;
    return handle(read.submission, args);
  };
}

type ReadSubmission<Schema extends z.ZodType> = Extract<
  Awaited<ReturnType<typeof readSubmission<Schema>>>,
  { ok: true }
>["submission"];

export type PostedFiles =
  | { ok: true; formData: FormData }
  | { ok: false; reason: Extract<RefusalReason, "invalid" | "too-large" | "unsupported-type"> };

/**
 * A multipart/form-data body that carries a file (a photo), its bytes kept as sent: bounded like
 * every body (refused past `limitBytes` as soon as the declared length or the count says so,
 * before the rest is read), 415 for a body of another type, 400 for one that does not parse.
 */
export async function readPostedFiles(request: Request, limitBytes: number): Promise<PostedFiles> {
  const contentType = request.headers.get("Content-Type");
  if (!hasMediaType(contentType, "multipart/form-data")) return { ok: false, reason: "unsupported-type" };
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limitBytes) return { ok: false, reason: "too-large" };
  const bytes = request.body ? await readStreamWithin(request.body, limitBytes) : new Uint8Array();
  if (!bytes) return { ok: false, reason: "too-large" };
  try {
    return { ok: true, formData: await new Response(bytes, { headers: { "Content-Type": contentType! } }).formData() };
  } catch {
    return { ok: false, reason: "invalid" };
  }
}

/**
 * A staff page's form of several buttons, read by `readPostedForm`: the form, the intent its button
 * posted ("" for none), and `back`, the redirect to `page` with a toast (post/redirect/get).
 */
export async function readIntentForm(
  request: Request,
  env: AppEnv,
  { limitBytes, page }: { limitBytes: number; page: string },
) {
  const posted = await readPostedForm(request, { limitBytes, headers: NO_STORE });
  if (!posted.ok) return posted;
  const intent = posted.formData.get("intent");
  return {
    ok: true as const,
    form: posted.formData,
    intent: typeof intent === "string" ? intent : "",
    back: (toast: ToastInput) => redirectWithToast(env, page, toast, { headers: NO_STORE }),
  };
}
