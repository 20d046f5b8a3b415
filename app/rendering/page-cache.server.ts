import type { ServerBuild } from "react-router";
import { isPrivatePath } from "~/private-paths";
import { PAGE_CACHE_MAX_AGE_SECONDS } from "~/route-handle";
import { CACHED_PAGE_SUBMISSION_ID } from "../http/context.server";
import { leafRouteHandle } from "../http/route-match.server";

/**
 * The page cache: a public page is rendered once and served to every visitor who sends no cookie,
 * for at most its route's max age. Opt-in: only a route whose `handle` declares `pageCache` is
 * ever stored. Why, what it measured and how to undo it: docs/decisions/004-page-cache.md.
 *
 * Two values in a page must differ on every response: the CSP nonce, and the id that makes a
 * form's submission idempotent. A cacheable request is rendered with fixed placeholders for
 * both, and every response (hit or miss) gets fresh values substituted for them, so a cached
 * nonce or form id never reaches a browser.
 */

export type ResponseTokens = { nonce: string; submissionId: string };

const PLACEHOLDERS: ResponseTokens = {
  nonce: "cached-page-nonce-placeholder",
  submissionId: CACHED_PAGE_SUBMISSION_ID,
};

/** Fresh per-response values: what an uncached render uses, and what replaces the placeholders. */
export function freshTokens(nonce: string): ResponseTokens {
  return { nonce, submissionId: crypto.randomUUID() };
}

/** A rendering kept for later requests, with the placeholders still in it. */
export type StoredPage = { body: string; status: number; headers: [string, string][]; expiresAt: number };

/** Where renderings are kept: this isolate's memory, the platform's cache, or both (pageStore). */
export type PageStore = {
  get(key: string): Promise<StoredPage | undefined>;
  put(key: string, page: StoredPage): Promise<void>;
};

/**
 * How the cache handled a request, as the `Cache-Status` response header (RFC 9211) reports it:
 * served from the cache, rendered because nothing usable was stored (and whether the rendering
 * was stored), or rendered because the request or the route is not one the cache handles.
 */
export type CacheStatus =
  | { outcome: "hit"; ttlSeconds: number }
  | { outcome: "miss"; stored: boolean; status: number }
  | { outcome: "bypass"; reason: BypassReason };

export type BypassReason = "method" | "cookie" | "authorization" | "query" | "private-path" | "not-public";

const CACHE_NAME = "pikesville-page-cache";

export function cacheStatusHeader(status: CacheStatus): string {
  switch (status.outcome) {
    case "hit":
      return `${CACHE_NAME}; hit; ttl=${status.ttlSeconds}`;
    case "miss":
      return `${CACHE_NAME}; fwd=uri-miss; fwd-status=${status.status}${status.stored ? "; stored" : ""}`;
    case "bypass":
      return status.reason === "method"
        ? `${CACHE_NAME}; fwd=method`
        : `${CACHE_NAME}; fwd=bypass; detail=${status.reason}`;
    default: {
      const unhandled: never = status;
      throw new Error(`Unknown cache outcome ${JSON.stringify(unhandled)}`);
    }
  }
}

type Decision = { cacheable: true; key: string; maxAgeSeconds: number } | { cacheable: false; reason: BypassReason };

/**
 * Whether a request may be answered from the cache: a GET without cookies or credentials and
 * without a query string (which would make the keys unbounded), for a path that is not private, whose route
 * declares `pageCache` in its handle. Data requests (`/contact.data`) and unknown paths match the
 * catch-all route, which declares nothing.
 */
function cacheDecision(request: Request, routes: ServerBuild["routes"], now: Date): Decision {
  if (request.method !== "GET") return { cacheable: false, reason: "method" };
  if (request.headers.has("Cookie")) return { cacheable: false, reason: "cookie" };
  if (request.headers.has("Authorization")) return { cacheable: false, reason: "authorization" };
  const url = new URL(request.url);
  if (url.search) return { cacheable: false, reason: "query" };
  if (isPrivatePath(url.pathname)) return { cacheable: false, reason: "private-path" };
  const policy = leafRouteHandle(routes, url.pathname).pageCache;
  if (!policy) return { cacheable: false, reason: "not-public" };
  const maxAgeSeconds = Math.floor(Math.min(PAGE_CACHE_MAX_AGE_SECONDS, policy.maxAgeSeconds(now)));
  return { cacheable: true, key: url.origin + url.pathname, maxAgeSeconds };
}

function isStorable(response: Response): boolean {
  return (
    response.status === 200 &&
    (response.headers.get("Content-Type") ?? "").startsWith("text/html") &&
    !response.headers.has("Set-Cookie") &&
    !/no-store|private/.test(response.headers.get("Cache-Control") ?? "")
  );
}

function personalize(page: Omit<StoredPage, "expiresAt">, tokens: ResponseTokens): Response {
  const body = page.body
    .replaceAll(PLACEHOLDERS.nonce, tokens.nonce)
    .replaceAll(PLACEHOLDERS.submissionId, tokens.submissionId);
  return new Response(body, { status: page.status, headers: page.headers });
}

/**
 * Serves a page from the cache, or renders it with `render` (which must put the given tokens
 * into the page) and stores it when its route allows and the response is the same for everyone.
 */
export async function servePage(
  request: Request,
  tokens: ResponseTokens,
  {
    routes,
    store,
    clock = () => new Date(),
    contentChangesAt,
  }: {
    routes: ServerBuild["routes"];
    store: PageStore;
    clock?: () => Date;
    /**
     * When a page rendered now would next read differently although nothing was saved: every
     * page's header says whether the shop is open, and the owner's notice starts and ends at set
     * times (docs/decisions/012-*.md, 031-*.md). Asked after rendering, so it can reuse what the
     * rendering read. No rendering is kept past it, whatever its route allows.
     */
    contentChangesAt?: () => Promise<Date>;
  },
  render: (tokens: ResponseTokens) => Promise<Response>,
): Promise<{ response: Response; cache: CacheStatus }> {
  const now = clock();
  const decision = cacheDecision(request, routes, now);
  if (!decision.cacheable)
    return { response: await render(tokens), cache: { outcome: "bypass", reason: decision.reason } };

  const cached = await store.get(decision.key);
  if (cached && cached.expiresAt > now.getTime()) {
    const ttlSeconds = Math.ceil((cached.expiresAt - now.getTime()) / 1000);
    return { response: personalize(cached, tokens), cache: { outcome: "hit", ttlSeconds } };
  }

  const rendered = await render(PLACEHOLDERS);
  if (!(rendered.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // A route that declares pageCache renders a page; anything else passes through untouched.
    return { response: rendered, cache: { outcome: "miss", stored: false, status: rendered.status } };
  }
  // The placeholders and the fresh values differ in length.
  const headers = [...rendered.headers].filter(([name]) => name.toLowerCase() !== "content-length");
  const page = { body: await rendered.text(), status: rendered.status, headers };
  const changesAt = isStorable(rendered) && contentChangesAt ? (await contentChangesAt()).getTime() : Infinity;
  const maxAgeSeconds = Math.floor(Math.min(decision.maxAgeSeconds, (changesAt - now.getTime()) / 1000));
  const stored = isStorable(rendered) && maxAgeSeconds > 0;
  if (stored) await store.put(decision.key, { ...page, expiresAt: now.getTime() + maxAgeSeconds * 1000 });
  return { response: personalize(page, tokens), cache: { outcome: "miss", stored, status: page.status } };
}

const MAX_ENTRIES = 64;

/** Renderings kept in this isolate's memory: gone when the isolate is. */
export function isolateStore(): PageStore {
  const pages = new Map<string, StoredPage>();
  return {
    get: (key) => Promise.resolve(pages.get(key)),
    put: (key, page) => {
      pages.delete(key);
      // Oldest first: Map keeps insertion order.
      if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
      pages.set(key, page);
      return Promise.resolve();
    },
  };
}

const EXPIRES_HEADER = "X-Page-Cache-Expires";
// Headers the platform's cache adds or needs, which are not the page's.
const CACHE_ONLY_HEADERS = new Set([
  "age",
  "cache-control",
  "cf-cache-status",
  "content-length",
  "date",
  EXPIRES_HEADER.toLowerCase(),
]);

/**
 * Renderings kept in the platform's cache, shared by every isolate of a Cloudflare location (and
 * emulated locally by wrangler). The platform drops an entry at its max-age; the expiry is also
 * stored in the entry and checked on every read. Keys carry the deploy's version, so a deploy
 * never serves the previous one's pages. On a *.workers.dev address the platform's cache does
 * nothing: every read misses.
 */
export function platformStore(
  openCache: () => Promise<Cache>,
  { version, waitUntil }: { version: string; waitUntil: (promise: Promise<unknown>) => void },
): PageStore {
  const cacheKey = (key: string) => {
    const url = new URL(key);
    url.searchParams.set("page-cache-version", version);
    return url.toString();
  };
  return {
    async get(key) {
      const response = await (await openCache()).match(cacheKey(key));
      if (!response) return undefined;
      const expiresAt = Number(response.headers.get(EXPIRES_HEADER));
      const headers = [...response.headers].filter(([name]) => !CACHE_ONLY_HEADERS.has(name.toLowerCase()));
      return { body: await response.text(), status: response.status, headers, expiresAt };
    },
    async put(key, page) {
      const headers = new Headers(page.headers);
      headers.set("Cache-Control", `max-age=${Math.max(0, Math.floor((page.expiresAt - Date.now()) / 1000))}`);
      headers.set(EXPIRES_HEADER, String(page.expiresAt));
      const cache = await openCache();
      // The response does not wait for the write.
      waitUntil(cache.put(cacheKey(key), new Response(page.body, { status: page.status, headers })));
    },
  };
}

/**
 * The store the Worker uses: this isolate's memory in front of the platform's cache, or memory
 * only (`shared: false`) for a Worker that a test runs on a clock of its own, since the platform's
 * cache is shared by every Worker in a test run. See docs/decisions/004-page-cache.md.
 */
export function pageStore({
  memory,
  shared,
  version,
  waitUntil,
}: {
  memory: PageStore;
  shared: boolean;
  version: string;
  waitUntil: (promise: Promise<unknown>) => void;
}): PageStore {
  if (!shared) return memory;
  return tieredStore(
    memory,
    platformStore(() => caches.open(CACHE_NAME), { version, waitUntil }),
  );
}

/**
 * This isolate's memory in front of the platform's cache: a warm isolate answers a hit without
 * any I/O, a cold one finds what another isolate rendered. An entry copied from the platform's
 * cache keeps its expiry.
 */
export function tieredStore(memory: PageStore, platform: PageStore): PageStore {
  return {
    async get(key) {
      const near = await memory.get(key);
      if (near && near.expiresAt > Date.now()) return near;
      const far = await platform.get(key);
      if (far) await memory.put(key, far);
      return far;
    },
    async put(key, page) {
      await memory.put(key, page);
      await platform.put(key, page);
    },
  };
}
