import { afterEach, describe, expect, it, vi } from "vitest";
import { fetchWorker } from "../support/http";
import { staffSessionCookie } from "../support/staff";

// Paths nobody serves: answered plainly, kept out of caches where they are private, and not worth
// a stack trace in the log.

afterEach(() => {
  vi.restoreAllMocks();
});

describe("a 404 under /incoming", () => {
  it("is no-store, signed in or not, whatever the path", async () => {
    const cookie = await staffSessionCookie("nora");
    const signedOut: Record<string, string> = {};
    for (const headers of [signedOut, { Cookie: cookie }]) {
      for (const path of ["/incoming/nope", "/incoming/a/b/c", "/incoming.nope", "/incoming-record"]) {
        const response = await fetchWorker(path, { headers, redirect: "manual" });
        expect(response.status, path).toBe(404);
        expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      }
      // A record that does not exist, and a kind that does not.
      for (const path of ["/incoming/contact-messages/no-such-id", "/incoming/parking-tickets/1"]) {
        const response = await fetchWorker(path, { headers: { Cookie: cookie }, redirect: "manual" });
        expect(response.status, path).toBe(404);
        expect(response.headers.get("Cache-Control"), path).toBe("no-store");
      }
    }
  });
});

describe("a POST to a path no page serves", () => {
  it.each(["/no-such-page", "/incoming/nope/nope/nope", "/areas/x/y", "/wp-login.php"])(
    "to %s answers 404 and logs no error",
    async (path) => {
      const errors = vi.spyOn(console, "error");
      const response = await fetchWorker(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "log=admin&pwd=admin",
      });
      expect(response.status).toBe(404);
      expect(await response.text()).toContain("Page Not Found");
      expect(errors).not.toHaveBeenCalled();
    },
  );

  it("to a page without a form answers 405 and logs no error", async () => {
    const errors = vi.spyOn(console, "error");
    for (const path of ["/services", "/about", "/areas/towson-auto-repair"]) {
      const response = await fetchWorker(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: "a=b",
      });
      expect(response.status, path).toBe(405);
    }
    expect(errors).not.toHaveBeenCalled();
  });
});
