// Which methods reach the app, decided once in the Worker entry for every page. React Router runs
// a page's action for any method but GET and HEAD, so without this a PUT, PATCH or DELETE to
// /contact or / stored a submission and one to /incoming logged out. The JSON endpoints under
// /api/ say their own methods (405 with Allow from handleJsonWrite or their `action`).

const PAGE_METHODS = new Set(["GET", "HEAD", "POST"]);
const PAGE_ALLOW = [...PAGE_METHODS].join(", ");
// The methods any route here may take; others (TRACE, PROPFIND…) are not implemented anywhere.
const KNOWN_METHODS = new Set([...PAGE_METHODS, "PUT", "PATCH", "DELETE", "OPTIONS"]);

const isApiPath = (pathname: string) => pathname === "/api" || pathname.startsWith("/api/");

const plainText = (status: 405 | 501, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/**
 * 501 for a method no route implements, 405 with Allow for one no page takes (pages are read,
 * and their forms posted); null to go on.
 */
export function refuseUnsupportedMethod(request: Request): Response | null {
  if (!KNOWN_METHODS.has(request.method)) return plainText(501, `This site does not implement ${request.method}.`);
  if (PAGE_METHODS.has(request.method) || isApiPath(new URL(request.url).pathname)) return null;
  return plainText(405, `This page takes only ${PAGE_ALLOW}.`, { Allow: PAGE_ALLOW });
}

/**
 * A plain HTML form posted to "/" (the home page's own address) is meant for the home page's
 * form. React Router sends a POST to "/" to the root route unless the URL says `?index`, and
 * the root has no action: the visitor got an error page. Its own forms add `?index`, and React
 * Router's data requests (`/_root.data?index`) say it too; a post to "/" without it is routed
 * the same way here.
 */
export function routeHomePagePost(request: Request): Request {
  const url = new URL(request.url);
  if (request.method !== "POST" || url.pathname !== "/" || url.searchParams.has("index")) return request;
  url.searchParams.append("index", "");
  return new Request(url, request);
}

/**
 * React Router's data requests (`/contact.data`, `/incoming.data`, and the same suffix on any
 * resource route, `/api/contact-submissions.data`) carry per-visitor data (a form's submission
 * id, the inbox): no browser or proxy may keep them.
 */
export function isDataRequest(request: Request): boolean {
  return new URL(request.url).pathname.endsWith(".data");
}
