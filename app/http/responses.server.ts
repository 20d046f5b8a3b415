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
 * 405 naming in `Allow` (RFC 9110) the methods the endpoint takes: POST for the write endpoints
 * (whose loader answers GET, HEAD and OPTIONS with this), GET and HEAD for the read endpoints
 * (whose middleware answers every other method), more for an inbox record.
 */
export function methodNotAllowed(allowed: readonly string[] = ["POST"]): Response {
  const methods =
    allowed.length > 1 ? `${allowed.slice(0, -1).join(", ")} or ${allowed.at(-1)}` : (allowed[0] ?? "POST");
  return jsonResponse({ message: `Use ${methods} for this endpoint.` }, 405, { Allow: allowed.join(", ") });
}

/** 429 with the seconds to wait in `Retry-After` (RFC 9110), so clients need not parse the message. */
export function tooManyRequests(message: string, retryAfterSeconds: number): Response {
  return jsonResponse({ message }, 429, { "Retry-After": String(retryAfterSeconds) });
}

/**
 * A JSON endpoint's middleware that lets only `allowed` methods reach its loader and action: React
 * Router hands OPTIONS to a loader and every write method to an action; the others get 405 with
 * Allow here instead (there is no CORS to answer).
 */
export function onlyMethods(allowed: readonly string[]) {
  return ({ request }: { request: Request }, next: () => Promise<Response>) =>
    allowed.includes(request.method) ? next() : methodNotAllowed(allowed);
}

/** The read-only JSON endpoints' middleware: GET and HEAD only. */
export const onlyReads = onlyMethods(["GET", "HEAD"]);

/**
 * A form page's `headers`: React Router builds a page's headers from this function alone, so a
 * 429 from the page's action passes its Retry-After on only through here.
 */
export function retryAfterOfAction({ actionHeaders }: { actionHeaders: Headers }): Record<string, string> {
  const retryAfter = actionHeaders.get("Retry-After");
  return retryAfter ? { "Retry-After": retryAfter } : {};
}

/** Headers with one Set-Cookie line per cookie (a login sets two). */
export function withCookies(init: HeadersInit, cookies: readonly string[]): Headers {
  const headers = new Headers(init);
  for (const cookie of cookies) headers.append("Set-Cookie", cookie);
  return headers;
}

/** Settings as an API answers them: when they were last saved (and by whom) with the time as ISO text. */
export function withSavedAsJson<Settings extends { saved: { by: string | null; at: Date } | null }>(
  settings: Settings,
) {
  return { ...settings, saved: settings.saved ? { by: settings.saved.by, at: settings.saved.at.toISOString() } : null };
}
