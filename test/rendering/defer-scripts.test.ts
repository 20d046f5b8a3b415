import { afterEach, describe, expect, it, vi } from "vitest";
import { DEFERRED_ATTRIBUTE, deferAppScripts, deferPageScripts } from "~/rendering/defer-scripts.server";
import { cspNonce, fetchWorker } from "../support/http";

// React Router's <Scripts nonce> as React renders it, trimmed: preload hints in the head, the
// framework's context script, then the module script that imports the app.
function reactRouterPage(moduleScript = '<script nonce="abc" type="module" async="">') {
  return [
    "<!DOCTYPE html><html><head>",
    '<link rel="modulepreload" href="/assets/manifest-1.js"/><link rel="modulepreload" href="/assets/entry.client-2.js"/>',
    '</head><body><main>Hello</main><script nonce="abc">window.__reactRouterContext = {};</script>',
    `${moduleScript}import "/assets/manifest-1.js";import * as route0 from "/assets/root-3.js";</script>`,
    "</body></html>",
  ].join("");
}

const tags = (html: string) => html.match(/<script\b[^>]*>/g) ?? [];

describe("deferAppScripts", () => {
  it("makes React Router's module script inert, drops the preload hints and adds a starter before </body>", () => {
    const result = deferAppScripts(reactRouterPage(), "abc");
    expect(result.outcome).toBe("deferred");
    expect(result.html).not.toContain("modulepreload");
    expect(tags(result.html)).toEqual([
      '<script nonce="abc">',
      `<script nonce="abc" type="text/plain" ${DEFERRED_ATTRIBUTE}="">`,
      '<script nonce="abc">',
    ]);
    // The module's code is kept as it was, to be started by the starter script.
    expect(result.html).toContain('import * as route0 from "/assets/root-3.js";</script>');
    expect(result.html).toMatch(/<script nonce="abc">\(\(\)=>\{.*first-contentful-paint.*\}\)\(\)<\/script><\/body>/);
  });

  it("leaves a page without a module script as it is", () => {
    const html = "<!DOCTYPE html><html><head></head><body><main>Hello</main></body></html>";
    expect(deferAppScripts(html, "abc")).toEqual({ outcome: "no-module-script", html });
  });

  it("refuses markup it does not know rather than guess", () => {
    const changed = [
      reactRouterPage('<script type="module" nonce="abc" async="">'),
      reactRouterPage('<script nonce="abc" type="module">'),
      reactRouterPage(
        '<script nonce="abc" type="module" async="">x</script><script nonce="abc" type="module" async="">',
      ),
      reactRouterPage().replace("</body>", ""),
    ];
    for (const html of changed) {
      const result = deferAppScripts(html, "abc");
      expect(result.outcome, html).toBe("unrecognized");
      expect(result.html).toBe(html);
    }
  });
});

describe("deferPageScripts", () => {
  afterEach(() => {
    vi.restoreAllMocks();
  });

  it("logs an error when a page that should hydrate keeps its module script", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = reactRouterPage('<script type="module" nonce="abc" async="">');
    expect(deferPageScripts(html, "abc", { path: "/contact", hydrates: true })).toBe(html);
    expect(error).toHaveBeenCalledOnce();
    expect(String(error.mock.calls[0]![0])).toMatch(/\/contact should hydrate, but its module script was not deferred/);
  });

  it("says nothing for a page that ships no JavaScript", () => {
    const error = vi.spyOn(console, "error").mockImplementation(() => {});
    const html = "<!DOCTYPE html><html><body>Services</body></html>";
    expect(deferPageScripts(html, "abc", { path: "/services", hydrates: false })).toBe(html);
    expect(error).not.toHaveBeenCalled();
  });
});

// The first request of a test file compiles the routes (the pool runs the source), seconds on a busy machine.
describe("the pages React Router renders", { timeout: 20_000 }, () => {
  // These run the real <Scripts> output through the Worker: if React Router's markup changes,
  // the module script stays live here and these fail.
  for (const path of ["/", "/contact", "/login"]) {
    it(`${path} holds its one module script back, with its code and this response's nonce`, async () => {
      const response = await fetchWorker(path);
      const html = await response.text();
      const nonce = cspNonce(response);
      expect(html).not.toContain('rel="modulepreload"');
      expect(tags(html).filter((tag) => tag.includes(`type="module"`))).toEqual([]);
      const inert = [
        ...html.matchAll(
          new RegExp(`<script nonce="([^"]*)" type="text/plain" ${DEFERRED_ATTRIBUTE}="">([^<]*)</script>`, "g"),
        ),
      ];
      expect(inert).toHaveLength(1);
      expect(inert[0]![1]).toBe(nonce);
      // React Router's own module script: it imports the root route and starts the client entry.
      expect(inert[0]![2]).toMatch(
        /import \* as route0 from "[^"]*root[^"]*";[\s\S]*import\("[^"]*entry\.client[^"]*"\)/,
      );
      expect(html).toMatch(
        new RegExp(
          `<script nonce="${nonce.replace(/[+/=]/g, "\\$&")}">\\(\\(\\)=>\\{[^<]*\\}\\)\\(\\)</script></body>`,
        ),
      );
    });
  }

  it("a page without a form ships neither a module script nor the starter", async () => {
    const html = await (await fetchWorker("/services")).text();
    expect(html).not.toContain(DEFERRED_ATTRIBUTE);
    expect(tags(html).every((tag) => /type="(application\/ld\+json|speculationrules)"/.test(tag))).toBe(true);
  });
});
