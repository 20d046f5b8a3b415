import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { CACHED_PAGE_SUBMISSION_ID } from "~/http/context.server";
import { PAGE_CACHE_MAX_AGE_SECONDS, type PageCachePolicy, publicPage } from "~/route-handle";
import {
  isolateStore,
  platformStore,
  type ResponseTokens,
  servePage,
  type StoredPage,
  tieredStore,
} from "~/rendering/page-cache.server";
import { cspNonce, fetchWorker, formSubmissionId, ORIGIN, postForm } from "../support/http";
import { storedRows, uniqueEmail, validContact } from "../support/inbox";
import { createStaffUser, pageLogin, sessionCookie, toastCookie } from "../support/staff";

const NONCE_PLACEHOLDER = "cached-page-nonce-placeholder";
const ID_PLACEHOLDER = CACHED_PAGE_SUBMISSION_ID;
const UUID = /[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}/g;

async function fetchPage(path: string, init?: RequestInit) {
  const response = await fetchWorker(path, init);
  return { response, html: await response.text(), cacheStatus: response.headers.get("Cache-Status") ?? "" };
}

// The first request of a test file compiles the routes (the pool runs the source), seconds on a busy machine.
describe("the page cache, through the Worker", { timeout: 20_000 }, () => {
  it("serves a cached page with a fresh nonce and a fresh form id in every response", async () => {
    expect((await fetchPage("/contact")).cacheStatus).toBe(
      "pikesville-page-cache; fwd=uri-miss; fwd-status=200; stored",
    );
    const seen = { nonces: new Set<string>(), ids: new Set<string>() };
    for (let i = 0; i < 3; i++) {
      const { response, html, cacheStatus } = await fetchPage("/contact");
      expect(cacheStatus).toMatch(/^pikesville-page-cache; hit; ttl=\d+$/);
      const nonce = cspNonce(response);
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
      // The hidden field and the hydration data carry the same id.
      const ids = new Set(html.match(UUID));
      expect(ids.size).toBe(1);
      seen.nonces.add(nonce);
      seen.ids.add([...ids][0]!);
      expect(html).not.toContain(NONCE_PLACEHOLDER);
      expect(html).not.toContain(ID_PLACEHOLDER);
    }
    expect(seen.nonces.size).toBe(3);
    expect(seen.ids.size).toBe(3);
  });

  it("stores a form taken from a cached page under its own id", async () => {
    await fetchPage("/contact");
    const first = formSubmissionId((await fetchPage("/contact")).html);
    const second = formSubmissionId((await fetchPage("/contact")).html);
    const email = uniqueEmail();
    for (const submissionId of [first, second]) {
      const response = await postForm("/contact", { ...validContact(), email, submissionId });
      expect(response.status).toBe(302);
      expect(response.headers.get("Cache-Status")).toBe("pikesville-page-cache; fwd=method");
    }
    expect(await storedRows("contact_submissions", email)).toHaveLength(2);
  });

  it("says in Cache-Status (RFC 9211) whether a page was a hit, with its remaining lifetime, or stored", async () => {
    const first = await fetchPage("/areas/towson-auto-repair");
    expect(first.response.status).toBe(200);
    expect(first.cacheStatus).toBe("pikesville-page-cache; fwd=uri-miss; fwd-status=200; stored");
    const second = await fetchPage("/areas/towson-auto-repair");
    const ttl = Number(/; hit; ttl=(\d+)$/.exec(second.cacheStatus)?.[1]);
    expect(ttl).toBeGreaterThan(PAGE_CACHE_MAX_AGE_SECONDS - 10);
    expect(ttl).toBeLessThanOrEqual(PAGE_CACHE_MAX_AGE_SECONDS);
    expect(second.html).toBe(first.html.replaceAll(cspNonce(first.response), cspNonce(second.response)));
  });

  it("renders a page with a flash toast for its visitor only, and never caches it", async () => {
    const posted = await postForm("/contact", { ...validContact(), submissionId: crypto.randomUUID() });
    const withToast = await fetchPage("/contact", { headers: { Cookie: toastCookie(posted) } });
    expect(withToast.cacheStatus).toBe("pikesville-page-cache; fwd=bypass; detail=cookie");
    expect(withToast.html).toContain("Message Sent Successfully");

    const anyoneElse = await fetchPage("/contact");
    expect(anyoneElse.cacheStatus).toMatch(/; (hit|fwd=uri-miss)/);
    expect(anyoneElse.html).not.toContain("Message Sent Successfully");
  });

  it("never caches a route that does not declare itself public", async () => {
    for (const path of ["/sitemap.xml", "/no-such-page", "/_root.data", "/contact.data"]) {
      for (let i = 0; i < 2; i++) {
        expect((await fetchPage(path)).cacheStatus, path).toBe("pikesville-page-cache; fwd=bypass; detail=not-public");
      }
    }
  });

  it("never stores an error page, even on a public route", async () => {
    for (let i = 0; i < 2; i++) {
      const notFound = await fetchPage("/services/no-such-service");
      expect(notFound.response.status).toBe(404);
      expect(notFound.cacheStatus).toBe("pikesville-page-cache; fwd=uri-miss; fwd-status=404");
    }
  });

  it("never caches staff pages, query strings or requests with credentials", async () => {
    const password = "correct horse battery staple";
    const username = `cache-${crypto.randomUUID().slice(0, 8)}`;
    await createStaffUser(username, password);
    const cookie = sessionCookie(await pageLogin(username, password));

    const inbox = await fetchPage("/incoming", { headers: { Cookie: cookie } });
    expect(inbox.response.status).toBe(200);
    expect(inbox.cacheStatus).toBe("pikesville-page-cache; fwd=bypass; detail=cookie");
    const anonymous = await fetchPage("/incoming", { redirect: "manual" });
    expect(anonymous.response.status).toBe(302);
    expect(anonymous.cacheStatus).toBe("pikesville-page-cache; fwd=bypass; detail=private-path");
    expect(anonymous.html).not.toContain("Admin Panel");

    expect((await fetchPage("/?utm_source=x")).cacheStatus).toBe("pikesville-page-cache; fwd=bypass; detail=query");
    expect((await fetchPage("/about", { headers: { Authorization: "Basic eDp5" } })).cacheStatus).toBe(
      "pikesville-page-cache; fwd=bypass; detail=authorization",
    );
  });
});

// servePage on its own, with routes and renderings made up for each case.

function routesWith(policy: PageCachePolicy | undefined): ServerBuild["routes"] {
  const routes = {
    root: { id: "root", path: "", module: {} },
    "routes/page": { id: "routes/page", parentId: "root", path: "page", module: { handle: { pageCache: policy } } },
    "routes/plain": { id: "routes/plain", parentId: "root", path: "plain", module: {} },
  };
  return routes as unknown as ServerBuild["routes"];
}

function counterRender(init: ResponseInit = {}) {
  let renders = 0;
  const render = (tokens: ResponseTokens) => {
    renders += 1;
    const headers = new Headers(init.headers);
    if (!headers.has("Content-Type")) headers.set("Content-Type", "text/html; charset=utf-8");
    const body = `<p nonce="${tokens.nonce}">render ${renders}, form ${tokens.submissionId}</p>`;
    return Promise.resolve(new Response(body, { status: init.status ?? 200, headers }));
  };
  return { render, count: () => renders };
}

const tokens = (n: number): ResponseTokens => ({ nonce: `nonce-${n}`, submissionId: crypto.randomUUID() });

async function serveTwice(path: string, options: { policy?: PageCachePolicy; init?: ResponseInit }) {
  const { render, count } = counterRender(options.init);
  const settings = { routes: routesWith(options.policy), store: isolateStore() };
  const request = () => new Request(`${ORIGIN}${path}`);
  const first = await servePage(request(), tokens(1), settings, render);
  const second = await servePage(request(), tokens(2), settings, render);
  return { first, second, renders: count() };
}

describe("servePage", () => {
  it("stores a page only for a route whose handle declares pageCache", async () => {
    const declared = await serveTwice("/page", { policy: publicPage });
    expect(declared.renders).toBe(1);
    expect(declared.second.cache).toEqual({ outcome: "hit", ttlSeconds: PAGE_CACHE_MAX_AGE_SECONDS });

    const undeclared = await serveTwice("/plain", {});
    expect(undeclared.renders).toBe(2);
    expect(undeclared.second.cache).toEqual({ outcome: "bypass", reason: "not-public" });
  });

  it("puts fresh values into every response, hit or miss, never the placeholders", async () => {
    const { first, second } = await serveTwice("/page", { policy: publicPage });
    for (const [served, n] of [
      [first, 1],
      [second, 2],
    ] as const) {
      const html = await served.response.text();
      expect(html).toContain(`nonce="nonce-${n}"`);
      expect(html).not.toContain(NONCE_PLACEHOLDER);
      expect(html).not.toContain(ID_PLACEHOLDER);
      expect(html).toMatch(UUID);
    }
  });

  it("never stores a response that sets a cookie, says no-store or private, or is not a 200 page", async () => {
    const cases: [string, ResponseInit][] = [
      ["Set-Cookie", { headers: { "Set-Cookie": "toast=1" } }],
      ["no-store", { headers: { "Cache-Control": "no-store" } }],
      ["private", { headers: { "Cache-Control": "private, max-age=60" } }],
      ["404", { status: 404 }],
      ["500", { status: 500 }],
    ];
    for (const [label, init] of cases) {
      const { second, renders } = await serveTwice("/page", { policy: publicPage, init });
      expect(renders, label).toBe(2);
      expect(second.cache, label).toEqual({ outcome: "miss", stored: false, status: init.status ?? 200 });
    }
  });

  it("passes a response that is not HTML through untouched, unstored", async () => {
    const { second, renders } = await serveTwice("/page", {
      policy: publicPage,
      init: { headers: { "Content-Type": "application/json" } },
    });
    expect(renders).toBe(2);
    expect(second.cache).toEqual({ outcome: "miss", stored: false, status: 200 });
  });

  it("never serves a page past its max age, which a route may shorten as a function of the time", async () => {
    // Expires at the next full minute, as a page showing "open now" would at an opening time.
    const untilNextMinute: PageCachePolicy = { maxAgeSeconds: (at) => 60 - at.getUTCSeconds() };
    let now = new Date("2026-11-23T09:59:15Z");
    const { render, count } = counterRender();
    const settings = { routes: routesWith(untilNextMinute), store: isolateStore(), clock: () => now };
    const serve = () => servePage(new Request(`${ORIGIN}/page`), tokens(1), settings, render);

    expect((await serve()).cache).toEqual({ outcome: "miss", stored: true, status: 200 });
    now = new Date("2026-11-23T09:59:59Z");
    expect((await serve()).cache).toEqual({ outcome: "hit", ttlSeconds: 1 });
    now = new Date("2026-11-23T10:00:00Z");
    expect((await serve()).cache).toEqual({ outcome: "miss", stored: true, status: 200 });
    expect(count()).toBe(2);
  });

  it("keeps no page longer than PAGE_CACHE_MAX_AGE_SECONDS, and none when the route says 0", async () => {
    const long = await serveTwice("/page", { policy: { maxAgeSeconds: () => 24 * 60 * 60 } });
    expect(long.second.cache).toEqual({ outcome: "hit", ttlSeconds: PAGE_CACHE_MAX_AGE_SECONDS });
    const none = await serveTwice("/page", { policy: { maxAgeSeconds: () => 0 } });
    expect(none.renders).toBe(2);
    expect(none.second.cache).toEqual({ outcome: "miss", stored: false, status: 200 });
  });

  it("refuses private paths even when their route declares pageCache", async () => {
    const routes = {
      root: { id: "root", path: "", module: {} },
      "routes/login": {
        id: "routes/login",
        parentId: "root",
        path: "login",
        module: { handle: { pageCache: publicPage } },
      },
    } as unknown as ServerBuild["routes"];
    const { render, count } = counterRender();
    for (let i = 0; i < 2; i++) {
      const served = await servePage(
        new Request(`${ORIGIN}/login`),
        tokens(i),
        { routes, store: isolateStore() },
        render,
      );
      expect(served.cache).toEqual({ outcome: "bypass", reason: "private-path" });
    }
    expect(count()).toBe(2);
  });
});

describe("the page stores", () => {
  const page = (expiresAt: number): StoredPage => ({
    body: `<p>${NONCE_PLACEHOLDER}</p>`,
    status: 200,
    headers: [["content-type", "text/html; charset=utf-8"]],
    expiresAt,
  });
  const pending: Promise<unknown>[] = [];
  const waitUntil = (promise: Promise<unknown>) => pending.push(promise);
  const openCache = () => caches.open(`page-cache-test-${crypto.randomUUID()}`);

  it("keep a page in the platform's cache with its expiry, apart from other deploys' pages", async () => {
    const cache = await openCache();
    const store = platformStore(() => Promise.resolve(cache), { version: "v1", waitUntil });
    const expiresAt = Date.now() + 60_000;
    await store.put(`${ORIGIN}/about`, page(expiresAt));
    await Promise.all(pending);
    expect(await store.get(`${ORIGIN}/about`)).toEqual(page(expiresAt));
    const nextDeploy = platformStore(() => Promise.resolve(cache), { version: "v2", waitUntil });
    expect(await nextDeploy.get(`${ORIGIN}/about`)).toBeUndefined();
  });

  it("let an isolate with an empty memory serve what another isolate stored, until the same expiry", async () => {
    const cache = await openCache();
    const platform = platformStore(() => Promise.resolve(cache), { version: "v1", waitUntil });
    const warm = tieredStore(isolateStore(), platform);
    const cold = tieredStore(isolateStore(), platform);
    const expiresAt = Date.now() + 60_000;
    await warm.put(`${ORIGIN}/services`, page(expiresAt));
    await Promise.all(pending);
    expect((await cold.get(`${ORIGIN}/services`))?.expiresAt).toBe(expiresAt);
  });
});
