import type { SubmissionResult } from "@conform-to/react";
import { data } from "react-router";

export class BodyTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body is larger than ${limitBytes} bytes`);
  }
}

/**
 * Reads a request body as text, refusing it as soon as it passes `limitBytes`. Content-Length
 * is checked first, but the count is what decides: chunked bodies carry no length.
 */
export async function readBodyText(request: Request, limitBytes: number): Promise<string> {
  const declared = Number(request.headers.get("Content-Length"));
  if (Number.isFinite(declared) && declared > limitBytes) throw new BodyTooLargeError(limitBytes);
  if (!request.body) return "";

  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let received = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    received += value.byteLength;
    if (received > limitBytes) {
      await reader.cancel();
      throw new BodyTooLargeError(limitBytes);
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(received);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}

const UNREADABLE_FORM_MESSAGE = "This form could not be read. Please try again.";

/** A page action's answer when the posted form cannot be read: the form shows `message` on top. */
function formRefusal(message: string, status: 400 | 413, headers?: HeadersInit) {
  const result: SubmissionResult<string[]> = { status: "error", error: { "": [message] } };
  return data({ result }, { status, headers });
}

type PostedForm = { ok: true; formData: FormData } | { ok: false; refusal: ReturnType<typeof formRefusal> };

/**
 * The one reader of every page action's body (the public forms, login): a plain HTML post or
 * React Router's fetch of the same form, bounded like the JSON endpoints' bodies. When it
 * cannot be read, `refusal` is the action's answer: 413 with `tooLargeMessage`, or 400.
 */
export async function readPostedForm(
  request: Request,
  {
    limitBytes,
    tooLargeMessage = UNREADABLE_FORM_MESSAGE,
    headers,
  }: {
    limitBytes: number;
    tooLargeMessage?: string;
    headers?: HeadersInit;
  },
): Promise<PostedForm> {
  try {
    const text = await readBodyText(request, limitBytes);
    // A form posted without a Content-Type is read as the browser's default encoding.
    const contentType = request.headers.get("Content-Type") ?? "application/x-www-form-urlencoded";
    const formData = await new Response(text, { headers: { "Content-Type": contentType } }).formData();
    return { ok: true, formData };
  } catch (error) {
    return error instanceof BodyTooLargeError
      ? { ok: false, refusal: formRefusal(tooLargeMessage, 413, headers) }
      : { ok: false, refusal: formRefusal(UNREADABLE_FORM_MESSAGE, 400, headers) };
  }
}

/** The visitor's address as Cloudflare reports it; used only as a rate-limit key. */
export function clientKey(request: Request): string {
  return request.headers.get("CF-Connecting-IP") ?? "local";
}
