import { afterEach, describe, expect, it, vi } from "vitest";
import { expectEachAnswered, fetchWorker } from "../support/http";
import { staffSessionCookie } from "../support/staff";

// Paths nobody serves: answered plainly, kept out of caches where they are private, and not worth
// a stack trace in the log.

afterEach(() => {
  vi.restoreAllMocks();
});

/** The request headers of a visitor and of a signed-in member, for what must hold for both. */
async function visitorAndMember(username: string): Promise<Record<"visitor" | "member", Record<string, string>>> {
  return { visitor: {}, member: { Cookie: await staffSessionCookie(username) } };
}

describe("a 404 under /incoming", () => {
  it("is no-store, signed in or not, whatever the path", async () => {
    const { visitor, member } = await visitorAndMember("nora");
    const requests = [
      ...["/incoming/nope", "/incoming/a/b/c", "/incoming.nope", "/incoming-record"].flatMap((path) => [
        { path, headers: visitor },
        { path, headers: member },
      ]),
      // A record that does not exist, and a kind that does not.
      { path: "/incoming/contact-messages/no-such-id", headers: member },
      { path: "/incoming/parking-tickets/1", headers: member },
    ];
    await expectEachAnswered(requests, ({ path, headers }) => fetchWorker(path, { headers, redirect: "manual" }), {
      status: 404,
      headers: { "Cache-Control": "no-store" },
      label: ({ path }) => path,
    });
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

describe("an API path nobody serves", () => {
  it("answers a JSON 404 for any method, signed in or not", async () => {
    const { visitor, member } = await visitorAndMember("api-404");
    for (const headers of [visitor, member]) {
      for (const path of ["/api/nope", "/api", "/api/team/someone/nothing/here", "/api/contact-submissions/1/2/3"]) {
        for (const method of ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS", "PROPFIND"]) {
          const response = await fetchWorker(path, { method, headers });
          expect(response.status, `${method} ${path}`).toBe(404);
          expect(response.headers.get("Content-Type"), `${method} ${path}`).toMatch(/^application\/json/);
          expect(response.headers.get("Allow"), `${method} ${path}`).toBeNull();
          if (method !== "HEAD") {
            expect(await response.json()).toEqual({ message: "There is no API endpoint at this address." });
          }
        }
      }
    }
  });
});
