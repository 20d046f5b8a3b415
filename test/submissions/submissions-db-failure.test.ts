import { env } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, type MockInstance, vi } from "vitest";
import { postForm, postJson } from "../support/http";
import { validContact, validServiceRequest } from "../support/inbox";

// D1 failing under the Worker: the tables are renamed away for the duration of each test.
const tables = ["contact_submissions", "service_requests"];
// Each form's endpoint and page, and what a visitor validly sends.
const forms = [
  { name: "contact message", api: "/api/contact", page: "/contact", valid: validContact },
  { name: "service request", api: "/api/service-request", page: "/?index", valid: validServiceRequest },
] as const;

describe("when the database cannot store a submission", () => {
  let loggedErrors: MockInstance<typeof console.error>;
  beforeEach(async () => {
    loggedErrors = vi.spyOn(console, "error").mockImplementation(() => {});
    for (const table of tables) await env.DB.exec(`alter table ${table} rename to ${table}_away`);
  });
  afterEach(async () => {
    for (const table of tables) await env.DB.exec(`alter table ${table}_away rename to ${table}`);
    vi.restoreAllMocks();
  });

  for (const { name, api, page, valid } of forms) {
    it(`the API for a ${name} answers 503 with a JSON message`, async () => {
      const response = await postJson(api, valid());
      expect(response.status).toBe(503);
      expect((await response.json<{ message: string }>()).message).toMatch(
        /try again or call us directly at \(410\) 555-0192/,
      );
    });

    it(`the page for a ${name} keeps the visitor's input and tells them to try again or call`, async () => {
      const body = valid();
      const response = await postForm(page, body);
      expect(response.status).toBe(503);
      const html = await response.text();
      expect(html).toContain("Please try again or call us directly at (410) 555-0192");
      expect(html).toContain(body.message.replace(/'/g, "&#x27;"));
      expect(html).toContain(`value="${body.email}"`);
    });
  }

  it("logs the failure with context", async () => {
    await postJson("/api/contact", validContact());
    expect(loggedErrors).toHaveBeenCalledWith(
      expect.stringContaining("Could not store a contact submission"),
      expect.objectContaining({ id: expect.any(String), error: expect.anything() }),
    );
  });
});
