/**
 * A small in-memory cache for the public pages, per Worker isolate. The pages are the same for
 * every visitor without cookies (their content ships with the deploy), so rendering each once
 * a few minutes is enough; a hit costs a string copy instead of a React render.
 *
 * Two values in a page must differ on every response: the CSP nonce, and the id that makes a
 * form's submission idempotent. A cacheable request is rendered with fixed placeholders for
 * both, and every response (hit or miss) gets fresh values substituted for them, so a cached
 * nonce or form id never reaches a browser. Nothing personal can be cached: any request with a
 * cookie (a staff session, a flash toast) is rendered fresh, and so is every response that is
 * not a plain 200 HTML page (redirects, errors, anything that sets a cookie or says no-store).
 *
 * Every page's header says whether the shop is open now, so no page is served past the moment
 * that line changes (nextStatusChangeAt), however young it is.
 */
import { nextStatusChangeAt } from "~/hours/shop-status";

export type ResponseTokens = { nonce: string; submissionId: string };

const PLACEHOLDERS: ResponseTokens = {
  nonce: "cached-page-nonce-placeholder",
  submissionId: "00000000-0000-4000-8000-00000000cafe",
};

const TTL_MS = 5 * 60_000;
const MAX_ENTRIES = 64;

type CachedPage = { body: string; status: number; headers: [string, string][]; storedAt: number; expiresAt: number };
const pages = new Map<string, CachedPage>();

export type PageCacheStatus = "hit" | "miss" | "bypass";

/** Fresh per-response values: what an uncached render uses, and what replaces the placeholders. */
export function freshTokens(nonce: string): ResponseTokens {
  return { nonce, submissionId: crypto.randomUUID() };
}

function cacheKey(request: Request): string | null {
  if (request.method !== "GET" || request.headers.has("Cookie")) return null;
  const url = new URL(request.url);
  // Only documents: no query strings (unbounded keys), no data requests, no staff pages, no API.
  if (url.search || /\.data$|^\/(api|incoming|login|__manifest)(\/|$)/.test(url.pathname)) return null;
  return url.origin + url.pathname;
}

function isCacheable(response: Response): boolean {
  return (
    response.status === 200 &&
    !response.headers.has("Set-Cookie") &&
    !/no-store|private/.test(response.headers.get("Cache-Control") ?? "")
  );
}

function personalize(page: Omit<CachedPage, "storedAt" | "expiresAt">, tokens: ResponseTokens): Response {
  const body = page.body
    .replaceAll(PLACEHOLDERS.nonce, tokens.nonce)
    .replaceAll(PLACEHOLDERS.submissionId, tokens.submissionId);
  return new Response(body, { status: page.status, headers: page.headers });
}

/**
 * Serves a page from the cache, or renders it with `render` (which must put the given tokens
 * into the page) and caches it when it is the same for everyone.
 */
export async function servePage(
  request: Request,
  { tokens, now }: { tokens: ResponseTokens; now: Date },
  render: (tokens: ResponseTokens) => Promise<Response>,
): Promise<{ response: Response; cache: PageCacheStatus }> {
  const key = cacheKey(request);
  if (!key) return { response: await render(tokens), cache: "bypass" };

  const cached = pages.get(key);
  // A rendering is valid from its time until it expires (one from a later time is not yet).
  if (cached && cached.storedAt <= now.getTime() && now.getTime() < cached.expiresAt) {
    return { response: personalize(cached, tokens), cache: "hit" };
  }

  const rendered = await render(PLACEHOLDERS);
  if (!(rendered.headers.get("Content-Type") ?? "").startsWith("text/html")) {
    // Not a page (sitemap, robots.txt): render it again, with the real values.
    await rendered.body?.cancel();
    return { response: await render(tokens), cache: "bypass" };
  }
  // The placeholders and the fresh values differ in length.
  const headers = [...rendered.headers].filter(([name]) => name.toLowerCase() !== "content-length");
  const page = { body: await rendered.text(), status: rendered.status, headers };
  pages.delete(key);
  if (isCacheable(rendered)) {
    // Oldest first: Map keeps insertion order.
    if (pages.size >= MAX_ENTRIES) pages.delete(pages.keys().next().value!);
    const expiresAt = Math.min(now.getTime() + TTL_MS, nextStatusChangeAt(now).getTime());
    pages.set(key, { ...page, storedAt: now.getTime(), expiresAt });
  }
  return { response: personalize(page, tokens), cache: "miss" };
}
