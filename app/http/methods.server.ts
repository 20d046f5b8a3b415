import type { ServerBuild } from "react-router";
import type { HttpMethod } from "~/route-handle";
import { jsonResponse, methodNotAllowed } from "./responses.server";
import { leafRouteHandle, leafRouteId } from "./route-match.server";

// Which methods reach a route, decided once in the Worker entry from what the route declares in
// its `handle.methods` (app/route-handle.ts). React Router runs a page's action for any method but
// GET and HEAD, so without this a PUT, PATCH or DELETE to /contact or / stored a submission and one
// to /incoming logged out.

const PAGE_METHODS: readonly HttpMethod[] = ["GET", "HEAD", "POST"];
// The methods any route here may take; others (TRACE, PROPFIND…) are not implemented anywhere.
const KNOWN_METHODS = new Set<string>(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

/** Whether a path is the API's, in any letter case (`/API/…` is answered as an unknown API path). */
export const isApiPath = (pathname: string) => /^\/api(?:\/|$)/i.test(pathname);

const plainText = (status: 405 | 501, text: string, headers: Record<string, string> = {}) =>
  new Response(text, {
    status,
    headers: { ...headers, "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });

/** The route path a request is for: React Router's data requests add `.data` (`/_root.data` for "/"). */
function routePathname(pathname: string): string {
  if (pathname === "/_root.data" || pathname === "/_.data") return "/";
  return pathname.endsWith(".data") ? pathname.slice(0, -".data".length) : pathname;
}

/**
 * A JSON 404 for an /api/ path no endpoint serves (any method); 501 for a method no route
 * implements; 405 with Allow for one the route does not take (a JSON answer under /api/, plain
 * text for a page); null to go on. Runs before any route, so the answer is the same with or
 * without a session.
 */
export function refuseUnsupportedMethod(request: Request, routes: ServerBuild["routes"]): Response | null {
  const pathname = routePathname(new URL(request.url).pathname);
  // An API path nobody serves: a JSON 404 whatever the method, not the site's HTML page.
  // (The catch-all, app/routes.ts's last route, is the one whose path is "*".)
  if (isApiPath(pathname) && routes[leafRouteId(routes, pathname) ?? ""]?.path === "*") {
    return jsonResponse({ message: "There is no API endpoint at this address." }, 404);
  }
  if (!KNOWN_METHODS.has(request.method)) return plainText(501, `This site does not implement ${request.method}.`);
  const allowed = leafRouteHandle(routes, pathname).methods ?? PAGE_METHODS;
  if ((allowed as readonly string[]).includes(request.method)) return null;
  if (isApiPath(pathname)) return methodNotAllowed(allowed);
  return plainText(405, `This page takes only ${allowed.join(", ")}.`, { Allow: allowed.join(", ") });
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
