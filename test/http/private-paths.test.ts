import { describe, expect, it } from "vitest";
import { isPrivatePath, PRIVATE_PATH_PREFIXES } from "~/private-paths";
import { fetchWorker } from "../support/http";

// One list (app/private-paths.ts) decides what stays out of search, prefetching and the page cache.
// Each test walks that list, so a path added to it is checked by every reader without a new test.

const NOINDEX = '<meta name="robots" content="noindex, nofollow"/>';

function speculationRules(html: string): unknown[] {
  const json = /<script type="speculationrules"[^>]*>(.*?)<\/script>/.exec(html)?.[1];
  if (!json) throw new Error("The page has no speculation rules");
  const rules = JSON.parse(json) as { prefetch: [{ where: { and: unknown[] } }] };
  return rules.prefetch[0].where.and;
}

// The first request of a test file compiles the routes (the pool runs the source), seconds on a busy machine.
describe("the private paths", { timeout: 20_000 }, () => {
  it("are the staff inbox, its sign-in and reset pages, invitation links, the JSON API and customers' appointment and estimate links", () => {
    expect(PRIVATE_PATH_PREFIXES).toEqual(["/incoming", "/login", "/join", "/api", "/appointments", "/estimates"]);
    expect(isPrivatePath("/estimates/some-token")).toBe(true);
    expect(isPrivatePath("/join/some-token")).toBe(true);
    expect(isPrivatePath("/appointments/some-token")).toBe(true);
    expect(isPrivatePath("/api/contact")).toBe(true);
    expect(isPrivatePath("/incoming")).toBe(true);
    expect(isPrivatePath("/contact")).toBe(false);
    expect(isPrivatePath("/")).toBe(false);
  });

  it("are disallowed in robots.txt, one line each, and nothing else is", async () => {
    const lines = (await (await fetchWorker(`/robots.txt`)).text()).split("\n");
    expect(lines.filter((line) => line.startsWith("Disallow:"))).toEqual(
      PRIVATE_PATH_PREFIXES.map((prefix) => `Disallow: ${prefix}`),
    );
  });

  it("are left out of the sitemap", async () => {
    const xml = await (await fetchWorker(`/sitemap.xml`)).text();
    const paths = [...xml.matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => new URL(match[1]!).pathname);
    expect(paths.length).toBeGreaterThan(10);
    expect(paths.filter(isPrivatePath)).toEqual([]);
  });

  it("are never prefetched by the speculation rules, on a page without JavaScript and on one with", async () => {
    for (const path of ["/services", "/contact"]) {
      const conditions = speculationRules(await (await fetchWorker(`${path}`)).text());
      expect(conditions).toEqual([
        { href_matches: "/*" },
        ...PRIVATE_PATH_PREFIXES.map((prefix) => ({ not: { href_matches: `${prefix}*` } })),
      ]);
    }
  });

  // /api has no pages: an unknown path there answers JSON 404 before any page is rendered or cached.
  const pagePrefixes = PRIVATE_PATH_PREFIXES.filter((prefix) => prefix !== "/api");

  it("answer an unknown /api path with JSON, never a page", async () => {
    const response = await fetchWorker("/api/no-such-endpoint");
    expect(response.status).toBe(404);
    expect(response.headers.get("Content-Type")).toMatch(/^application\/json/);
    expect(response.headers.get("Cache-Status")).toBeNull();
    expect(await response.json()).toEqual({ message: "There is no API endpoint at this address." });
  });

  it("carry the noindex meta tag on every page under them, and public pages do not", async () => {
    expect(pagePrefixes.length).toBeGreaterThan(1);
    for (const prefix of pagePrefixes) {
      // A page under every prefix: the not-found page, which the root layout renders like any other.
      const response = await fetchWorker(`${prefix}/no-such-page`);
      expect(response.status, prefix).toBe(404);
      expect(await response.text(), prefix).toContain(NOINDEX);
    }
    const login = await fetchWorker(`/login`);
    expect(await login.text()).toContain(NOINDEX);
    for (const path of ["/", "/services", "/contact"]) {
      expect(await (await fetchWorker(`${path}`)).text(), path).not.toContain('name="robots"');
    }
  });

  it("are never served from the page cache", async () => {
    for (const prefix of pagePrefixes) {
      for (let i = 0; i < 2; i++) {
        const response = await fetchWorker(`${prefix}`, { redirect: "manual" });
        await response.body?.cancel();
        expect(response.headers.get("Cache-Status"), prefix).toBe(
          "pikesville-page-cache; fwd=bypass; detail=private-path",
        );
      }
    }
  });
});
