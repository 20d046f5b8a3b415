import { z } from "~/forms/zod";
import { BodyTooLargeError, readBodyText } from "./request-body.server";
import { jsonResponse, methodNotAllowed } from "./responses.server";

type JsonEndpoint<Input> = {
  /** The write method the endpoint takes (POST unless said); anything else is answered 405. */
  method?: "POST" | "PATCH";
  /** Every method the endpoint answers, for the 405's `Allow` (default: `method` alone). */
  allowed?: readonly string[];
  schema: z.ZodType<Input>;
  /** Larger bodies are refused with 413, counted while reading (chunked bodies declare no length). */
  limitBytes: number;
  /** The 400 answer's message when the body does not match the schema (the field errors follow it). */
  invalidMessage: string;
};

/**
 * The one door of every JSON write endpoint (/api/contact, /api/service-request, /api/login, and
 * PATCH on an inbox record): its method only (405 with `Allow`), a JSON content type (415), a
 * bounded body (413), valid JSON
 * (400), then the schema (400 `{ message, fieldErrors }`). Only input that passed all of them
 * reaches `handle`. Every answer from here is JSON and `no-store`.
 */
export async function handleJsonWrite<Input>(
  request: Request,
  { method = "POST", allowed = [method], schema, limitBytes, invalidMessage }: JsonEndpoint<Input>,
  handle: (input: Input) => Promise<Response>,
): Promise<Response> {
  if (request.method !== method) return methodNotAllowed(allowed);
  if (!/^application\/json\s*(;|$)/i.test(request.headers.get("Content-Type") ?? "")) {
    return jsonResponse({ message: "Send the request body as JSON with Content-Type: application/json." }, 415);
  }

  let payload: unknown;
  try {
    payload = JSON.parse(await readBodyText(request, limitBytes));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return jsonResponse({ message: `The request body is larger than ${limitBytes / 1024} KB.` }, 413);
    }
    return jsonResponse({ message: "The request body is not valid JSON.", fieldErrors: {} }, 400);
  }

  const parsed = schema.safeParse(payload);
  if (!parsed.success) {
    return jsonResponse({ message: invalidMessage, fieldErrors: z.flattenError(parsed.error).fieldErrors }, 400);
  }
  return handle(parsed.data);
}
