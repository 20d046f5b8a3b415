import type { UIMatch } from "react-router";

/**
 * What a route module declares about its page, as its `handle` export. Both are opt-in: a route
 * that says nothing ships no JavaScript and is rendered for every request.
 */
export type RouteHandle = {
  /**
   * Load the client JavaScript. Only pages with a form do; every other page is HTML and CSS
   * (docs/decisions/001-zero-js-content-pages.md).
   */
  hydrate?: boolean;
  /**
   * The page is public and the same for every visitor who sends no cookie, so the Worker may
   * serve one rendering of it to all of them (docs/decisions/004-page-cache.md).
   */
  pageCache?: PageCachePolicy;
  /**
   * Which clothes the page wears: the public site's header and footer (the default), or the staff
   * area's shell, whose layout route (app/features/staff/routes/layout.tsx) renders its own header.
   */
  shell?: "public" | "staff";
  /**
   * The methods the route takes, checked once in the Worker entry before any route runs
   * (app/http/methods.server.ts): 405 with `Allow` for any other. Pages take GET, HEAD and
   * POST unless they say; every JSON endpoint says.
   */
  methods?: readonly HttpMethod[];
  /**
   * The staff page's entry in the staff navigation: its words and its place among the entries
   * (app/features/staff/server/navigation.server.ts). Its link is the route's path; a route under
   * the owners' layout is shown to owners only.
   */
  staffNav?: StaffNavEntry;
};

export type StaffNavEntry = { label: string; position: number };

const isStaffNavEntry = (value: unknown): value is StaffNavEntry =>
  typeof value === "object" &&
  value !== null &&
  "label" in value &&
  typeof value.label === "string" &&
  "position" in value &&
  typeof value.position === "number";

export type HttpMethod = "GET" | "HEAD" | "POST" | "PUT" | "PATCH" | "DELETE";
const HTTP_METHODS: readonly string[] = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];

const isMethodList = (value: unknown): value is HttpMethod[] =>
  Array.isArray(value) && value.every((method) => typeof method === "string" && HTTP_METHODS.includes(method));

export type PageCachePolicy = {
  /**
   * How long a rendering may be served, in seconds, given the moment it was rendered. The cache
   * never keeps one longer than PAGE_CACHE_MAX_AGE_SECONDS; 0 or less means "do not store it",
   * so a page whose content changes at a known time can expire right then.
   */
  maxAgeSeconds: (renderedAt: Date) => number;
};

/**
 * The longest any page is served from the page cache: an owner's change to the hours or the
 * notice must show on every page, in every isolate and location, within a minute
 * (docs/decisions/034-shop-settings-and-the-page-cache.md).
 */
export const PAGE_CACHE_MAX_AGE_SECONDS = 60;

/** A public page whose content ships with the deploy: cached for the full max age. */
export const publicPage: PageCachePolicy = { maxAgeSeconds: () => PAGE_CACHE_MAX_AGE_SECONDS };

/** Reads a route module's `handle` export, which React Router types as unknown. */
export function readRouteHandle(handle: unknown): RouteHandle {
  if (typeof handle !== "object" || handle === null) return {};
  const hydrate = "hydrate" in handle && handle.hydrate === true;
  const pageCache = "pageCache" in handle ? handle.pageCache : undefined;
  const hasPolicy =
    typeof pageCache === "object" &&
    pageCache !== null &&
    "maxAgeSeconds" in pageCache &&
    typeof pageCache.maxAgeSeconds === "function";
  const shell = "shell" in handle && handle.shell === "staff" ? "staff" : "public";
  const methods = "methods" in handle && isMethodList(handle.methods) ? handle.methods : undefined;
  const staffNav = "staffNav" in handle && isStaffNavEntry(handle.staffNav) ? handle.staffNav : undefined;
  return { hydrate, pageCache: hasPolicy ? (pageCache as PageCachePolicy) : undefined, shell, methods, staffNav };
}

export function wearsStaffShell(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => readRouteHandle(match.handle).shell === "staff");
}

export function wantsHydration(matches: readonly Pick<UIMatch, "handle">[]): boolean {
  return matches.some((match) => readRouteHandle(match.handle).hydrate === true);
}
