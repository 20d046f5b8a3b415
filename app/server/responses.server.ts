// How the server says "never store this" and answers in JSON: one definition for every route.

/** Answers about staff data, login and submissions must never be stored by a browser or a proxy. */
export const NO_STORE = { "Cache-Control": "no-store" } as const;

/** A JSON answer that no cache keeps. */
export function jsonResponse(body: unknown, status = 200, headers?: HeadersInit): Response {
  const merged = new Headers(headers);
  merged.set("Cache-Control", NO_STORE["Cache-Control"]);
  return Response.json(body, { status, headers: merged });
}

/**
 * 405 naming the methods the endpoint takes in `Allow` (RFC 9110). Most take only POST, and their
 * loader answers GET and HEAD with this too.
 */
export function methodNotAllowed(allowed: readonly string[] = ["POST"]): Response {
  return jsonResponse({ message: `Use ${allowed.join(" or ")} for this endpoint.` }, 405, {
    Allow: allowed.join(", "),
  });
}

/** 429 with the seconds to wait in `Retry-After` (RFC 9110), so clients need not parse the message. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return jsonResponse({ message }, 429, { "Retry-After": String(retryAfterSeconds) });
}
