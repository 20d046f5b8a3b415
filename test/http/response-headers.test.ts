import { describe, expect, it } from "vitest";
import { DEVICE_COOKIE_NAME } from "~/features/sign-in/server/device-cookie.server";
import { fetchWorker, postForm, rateLimiterAllowing, setCookieLine } from "../support/http";
import { validContact, validServiceRequest } from "../support/inbox";
import { apiLogin, createStaffUser, pageLogin, sessionCookie } from "../support/staff";

// Headers the review found missing. Static files (/assets/*, the touch icon, the social image) are
// served before the Worker runs; their headers are checked against the served build in
// e2e/shell.spec.ts.

describe("pages", () => {
  it.each(["/", "/contact", "/about", "/login", "/does-not-exist"])(
    "%s opens in a browsing context of its own (COOP same-origin)",
    async (path) => {
      const response = await fetchWorker(path);
      expect(response.headers.get("Cross-Origin-Opener-Policy")).toBe("same-origin");
    },
  );
});

describe("React Router's data requests", () => {
  const password = "a long enough staff password";

  it("of the staff endpoints are never stored by a cache", async () => {
    await createStaffUser("cached", password);
    const cookie = sessionCookie(await apiLogin("cached", password));
    for (const path of [
      "/api/contact-submissions.data",
      "/api/service-requests.data",
      "/api/auth/status.data",
      "/incoming.data",
    ]) {
      const response = await fetchWorker(path, { headers: { Cookie: cookie } });
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
  });

  it("of the form pages, which carry a submission id, are never stored by a cache", async () => {
    for (const path of ["/contact.data", "/_.data", "/login.data", "/about.data"]) {
      const response = await fetchWorker(path);
      expect(response.headers.get("Cache-Control"), path).toBe("no-store");
    }
  });
});

describe("a page form's 429", () => {
  for (const { action, valid } of [
    { action: "/contact", valid: validContact },
    { action: "/?index", valid: validServiceRequest },
    { action: "/contact.data", valid: validContact },
  ]) {
    it(`from ${action} says when to retry (Retry-After)`, async () => {
      const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(0) };
      const response = await postForm(action, valid(), { bindings });
      expect(response.status).toBe(429);
      expect(response.headers.get("Retry-After")).toBe("60");
    });
  }
});

describe("cookies", () => {
  it("are __Host- prefixed: Secure, Path=/, no Domain, so no sibling subdomain can set or shadow them", async () => {
    await createStaffUser("prefixed", "a long enough staff password");
    const login = await pageLogin("prefixed", "a long enough staff password");
    const lines = [
      setCookieLine(login, "__Host-session"),
      setCookieLine(login, "__Host-toast"),
      setCookieLine(login, DEVICE_COOKIE_NAME),
    ];
    for (const line of lines) {
      expect(line).toBeDefined();
      const attributes = line!.split(";").map((part) => part.trim());
      expect(attributes, line).toEqual(expect.arrayContaining(["Secure", "Path=/"]));
      expect(
        attributes.some((part) => part.toLowerCase().startsWith("domain=")),
        line,
      ).toBe(false);
    }
    // Every cookie the site sets is one of these.
    expect(login.headers.getSetCookie().every((line) => line.startsWith("__Host-"))).toBe(true);
  });
});
