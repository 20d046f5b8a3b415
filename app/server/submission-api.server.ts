import { z } from "~/forms/zod";
import {
  INVALID_MESSAGE,
  RATE_LIMITED_MESSAGE,
  type SubmissionFormName,
  UNAVAILABLE_MESSAGE,
} from "~/forms/submission-messages";
import type { AppEnv } from "./env.server";
import { BodyTooLargeError, clientKey, readBodyText } from "./request-body.server";
import { saveSubmission, submissionForms } from "./submissions.server";

export const API_BODY_LIMIT_BYTES = 32 * 1024;

const json = (body: unknown, status: number, headers?: HeadersInit) =>
  Response.json(body, { status, headers: { "Cache-Control": "no-store", ...headers } });

export function methodNotAllowed(): Response {
  return json({ message: "Use POST with a JSON body." }, 405, { Allow: "POST" });
}

/** POST /api/contact and /api/service-request: JSON in, the stored record out. */
export async function handleSubmissionApi(name: SubmissionFormName, request: Request, env: AppEnv) {
  if (request.method !== "POST") return methodNotAllowed();

  const contentType = request.headers.get("Content-Type") ?? "";
  if (!/^application\/json\s*(;|$)/i.test(contentType)) {
    return json({ message: "Send the submission as JSON with Content-Type: application/json." }, 415);
  }

  let payload: unknown;
  try {
    payload = JSON.parse(await readBodyText(request, API_BODY_LIMIT_BYTES));
  } catch (error) {
    if (error instanceof BodyTooLargeError) {
      return json({ message: `The request body is larger than ${API_BODY_LIMIT_BYTES / 1024} KB.` }, 413);
    }
    return json({ message: "The request body is not valid JSON.", fieldErrors: {} }, 400);
  }

  const parsed = submissionForms[name].schema.safeParse(payload);
  if (!parsed.success) {
    return json({ message: INVALID_MESSAGE, fieldErrors: z.flattenError(parsed.error).fieldErrors }, 400);
  }

  const outcome = await saveSubmission(name, parsed.data, { env, clientKey: clientKey(request) });
  switch (outcome.status) {
    case "stored":
    case "ignored":
      return json(outcome.record, 201);
    case "rate-limited":
      return json({ message: RATE_LIMITED_MESSAGE }, 429, { "Retry-After": "60" });
    case "unavailable":
      return json({ message: UNAVAILABLE_MESSAGE }, 503, { "Retry-After": "30" });
  }
}
