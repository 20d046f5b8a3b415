import { describe, expect, it } from "vitest";
import { expectEachAnswered, fetchWorker, newClientAddress, ORIGIN, postForm } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { apiLogin, createStaffUser, isAuthenticated, sessionCookie } from "../support/staff";

// Every route answers every method: what it takes, or 405 with Allow. Pages are read (GET,
// HEAD) and their forms posted (POST); the JSON endpoints each say their own.

const formHeaders = (extra: Record<string, string> = {}) => ({
  "Content-Type": "application/x-www-form-urlencoded",
  "CF-Connecting-IP": newClientAddress(),
  Origin: ORIGIN,
  "Sec-Fetch-Site": "same-origin",
  ...extra,
});

describe("the login and logout endpoints", () => {
  it.each(["/api/login", "/api/logout"])(
    "answer GET, HEAD and OPTIONS on %s with 405 and Allow: POST",
    async (path) => {
      await expectEachAnswered(["GET", "HEAD", "OPTIONS"], (method) => fetchWorker(path, { method }), {
        status: 405,
        headers: { Allow: "POST" },
      });
    },
  );
});

describe("the read-only JSON endpoints", () => {
  it.each(["/api/health", "/api/auth/status", "/api/contact-submissions", "/api/service-requests"])(
    "answer OPTIONS and writes to %s with 405 and Allow: GET, HEAD",
    async (path) => {
      await expectEachAnswered(
        ["OPTIONS", "POST", "PUT", "PATCH", "DELETE"],
        (method) =>
          fetchWorker(path, { method, headers: formHeaders(), body: method === "OPTIONS" ? undefined : "x=1" }),
        { status: 405, headers: { Allow: "GET, HEAD" } },
      );
    },
  );
});

describe("pages", () => {
  const forms = [
    { path: "/contact", table: "contact_submissions", valid: validContact },
    { path: "/", table: "service_requests", valid: validServiceRequest },
    { path: "/?index", table: "service_requests", valid: validServiceRequest },
    { path: "/contact.data", table: "contact_submissions", valid: validContact },
    { path: "/_.data?index", table: "service_requests", valid: validServiceRequest },
  ] as const;

  for (const { path, table, valid } of forms) {
    it(`answer PUT, PATCH and DELETE to ${path} with 405 and store nothing`, async () => {
      for (const method of ["PUT", "PATCH", "DELETE"]) {
        const email = uniqueEmail();
        const response = await fetchWorker(path, {
          method,
          headers: formHeaders(),
          body: new URLSearchParams({ ...valid(), email }),
          redirect: "manual",
        });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow"), method).toBe("GET, HEAD, POST");
        expect(await storedRows(table, email), method).toHaveLength(0);
      }
    });
  }

  it("answer PUT, PATCH, DELETE and OPTIONS to /incoming with 405 and leave the session alone", async () => {
    await createStaffUser("methodical", "a long enough staff password");
    const cookie = sessionCookie(await apiLogin("methodical", "a long enough staff password"));
    for (const method of ["PUT", "PATCH", "DELETE", "OPTIONS"]) {
      const response = await fetchWorker("/incoming", {
        method,
        headers: formHeaders({ Cookie: cookie }),
        body: method === "OPTIONS" ? undefined : "",
        redirect: "manual",
      });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, HEAD, POST");
    }
    expect(await isAuthenticated(cookie)).toBe(true);
  });

  it("answer other methods to a page without a form with 405 too", async () => {
    for (const method of ["PUT", "OPTIONS"]) {
      const response = await fetchWorker("/about", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("GET, HEAD, POST");
    }
  });
});

describe("methods no route implements", () => {
  it.each(["/", "/contact", "/api/contact", "/api/health"])("get 501 on %s", async (path) => {
    for (const method of ["PROPFIND", "MKCOL", "PURGE"]) {
      const response = await fetchWorker(path, { method });
      expect(response.status, method).toBe(501);
    }
  });
});

describe("a plain HTML form posted to the home page's own address", () => {
  it("POST / (no ?index) stores the service request and redirects back to the form", async () => {
    const email = uniqueEmail();
    const response = await postForm("/", { ...validServiceRequest(), email });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/#request-service");
    expect(await storedRows("service_requests", email)).toHaveLength(1);
  });

  it("POST / with invalid input shows the form with its messages, not an error page", async () => {
    const response = await postForm("/", { ...validServiceRequest(), firstName: "" });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("Please enter your first name.");
    expect(html).not.toContain("We hit a snag");
  });

  it("keeps working for the enhanced form's data request (/_.data?index)", async () => {
    const email = uniqueEmail();
    const response = await postForm("/_.data?index", { ...validServiceRequest(), email });
    // React Router encodes the action's redirect in the data response itself.
    expect(response.status).toBe(202);
    expect(await response.text()).toContain("/#request-service");
    expect(await storedRows("service_requests", email)).toHaveLength(1);
  });
});
