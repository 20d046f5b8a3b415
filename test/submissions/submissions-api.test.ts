import { describe, expect, it, vi } from "vitest";
import { fetchWorker, newClientAddress, postJson, rateLimiterAllowing } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";

// The fields each form requires; any other field a form gains is optional.
const endpoints = [
  {
    path: "/api/contact",
    table: "contact_submissions",
    valid: validContact,
    required: ["firstName", "lastName", "email", "phone", "message"],
  },
  {
    path: "/api/service-request",
    table: "service_requests",
    valid: validServiceRequest,
    required: ["firstName", "lastName", "email", "phone", "service", "message"],
  },
] as const;

for (const { path, table, valid, required } of endpoints) {
  describe(`POST ${path}`, () => {
    it("stores exactly one row with trimmed fields and answers 201 with the record", async () => {
      const email = uniqueEmail();
      const body = { ...valid(), firstName: "  Maria  ", email: ` ${email} ` };
      const response = await postJson(path, body);
      expect(response.status).toBe(201);
      const record = await response.json<Record<string, string>>();
      expect(record).toMatchObject({ ...valid(), firstName: "Maria", email });
      expect(record.id).toMatch(/^[0-9a-f-]{36}$/);
      expect(Date.parse(record.submittedAt!)).toBeGreaterThan(Date.now() - 60_000);

      const rows = await storedRows(table, email);
      expect(rows).toHaveLength(1);
      expect(rows[0]).toMatchObject({ id: record.id, first_name: "Maria", email });
    });

    it("stores a message containing a script tag as plain text", async () => {
      const email = uniqueEmail();
      const response = await postJson(path, { ...valid(), email, message: "<script>alert(1)</script>" });
      expect(response.status).toBe(201);
      const [row] = await storedRows(table, email);
      expect(row?.message).toBe("<script>alert(1)</script>");
    });

    it.each(required)("answers 400 naming the field when %s is missing", async (field) => {
      const body: Record<string, string> = { ...valid() };
      delete body[field];
      const response = await postJson(path, body);
      expect(response.status).toBe(400);
      const answer = await response.json<{ message: string; fieldErrors: Record<string, string[]> }>();
      expect(answer.message).toMatch(/correct/i);
      expect(Object.keys(answer.fieldErrors)).toEqual([field]);
    });

    it.each(required)("refuses %s when it is only spaces, too long or not text", async (field) => {
      for (const value of ["   ", "x".repeat(5001), 42]) {
        const response = await postJson(path, { ...valid(), [field]: value });
        expect(response.status, `${field}=${String(value).slice(0, 10)}`).toBe(400);
        const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
        expect(fieldErrors[field]?.length).toBeGreaterThan(0);
      }
    });

    it("refuses names over 50 characters and accepts exactly 50", async () => {
      expect((await postJson(path, { ...valid(), lastName: "x".repeat(51) })).status).toBe(400);
      expect((await postJson(path, { ...valid(), lastName: "x".repeat(50), email: uniqueEmail() })).status).toBe(201);
    });

    it("refuses a bad email address", async () => {
      for (const email of ["not-an-email", "a@b", "maria@", `${"x".repeat(250)}@example.com`]) {
        const response = await postJson(path, { ...valid(), email });
        expect(response.status, email.slice(0, 20)).toBe(400);
        const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
        expect(fieldErrors.email?.[0]).toMatch(/email/i);
      }
    });

    it("refuses a bad phone number and accepts common formats", async () => {
      for (const phone of ["555-01", "call me maybe", "((((()))))", "+1 410 555 0147 ext 12", "1".repeat(21)]) {
        const response = await postJson(path, { ...valid(), phone });
        expect(response.status, phone).toBe(400);
        const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
        expect(fieldErrors.phone?.length).toBeGreaterThan(0);
      }
      for (const phone of ["4105550147", "+1 (410) 555-0147", "410.555.0147"]) {
        expect((await postJson(path, { ...valid(), phone, email: uniqueEmail() })).status, phone).toBe(201);
      }
    });

    it("answers 400 for malformed JSON", async () => {
      const response = await postJson(path, '{"firstName": "Maria",');
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: expect.stringMatching(/JSON/), fieldErrors: {} });
    });

    it("answers 415 when the body is not JSON", async () => {
      const response = await fetchWorker(path, {
        method: "POST",
        headers: { "Content-Type": "application/x-www-form-urlencoded" },
        body: new URLSearchParams(valid()).toString(),
      });
      expect(response.status).toBe(415);
    });

    it("answers 413 for a body over 32 KB, with or without Content-Length", async () => {
      const huge = JSON.stringify({ ...valid(), message: "x".repeat(40_000) });
      expect((await postJson(path, huge)).status).toBe(413);

      const chunked = new ReadableStream({
        start(controller) {
          const chunk = new TextEncoder().encode("x".repeat(8_192));
          for (let i = 0; i < 6; i++) controller.enqueue(chunk);
          controller.close();
        },
      });
      const response = await fetchWorker(path, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: chunked,
      });
      expect(response.status).toBe(413);
    });

    it("answers 405 to other methods", async () => {
      for (const method of ["GET", "PUT", "DELETE"]) {
        const response = await fetchWorker(path, { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow")).toBe("POST");
      }
    });

    it("answers a filled honeypot like a success and keeps the submission aside as spam", async () => {
      const email = uniqueEmail();
      const response = await postJson(path, { ...valid(), email, leave_blank: "https://spam.example" });
      expect(response.status).toBe(201);
      // Nothing in the answer tells a bot that it was caught.
      const body = await response.json<Record<string, unknown>>();
      expect(Object.keys(body).sort()).toEqual([...Object.keys(valid()), "id", "submittedAt"].sort());
      expect(await storedRows(table, email)).toEqual([
        expect.objectContaining({ email, status: "spam", spam_reason: "honeypot" }),
      ]);
    });

    it("stores a retried submission once", async () => {
      const email = uniqueEmail();
      const body = { ...valid(), email, submissionId: crypto.randomUUID() };
      const first = await postJson(path, body);
      const second = await postJson(path, body);
      expect(first.status).toBe(201);
      expect(second.status).toBe(201);
      expect((await second.json<{ id: string }>()).id).toBe(body.submissionId);
      expect(await storedRows(table, email)).toHaveLength(1);
    });

    it("refuses a cross-site request", async () => {
      const email = uniqueEmail();
      const response = await postJson(path, { ...valid(), email }, { headers: { Origin: "https://evil.example" } });
      expect(response.status).toBe(403);
      const viaFetchMetadata = await postJson(
        path,
        { ...valid(), email },
        { headers: { "Sec-Fetch-Site": "cross-site" } },
      );
      expect(viaFetchMetadata.status).toBe(403);
      expect(await storedRows(table, email)).toHaveLength(0);
    });

    it("answers 429 with a clear message once a client sends too many, and stores nothing more", async () => {
      const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(2) };
      const client = newClientAddress();
      for (let i = 0; i < 2; i++) {
        expect((await postJson(path, { ...valid(), email: uniqueEmail() }, { client, bindings })).status).toBe(201);
      }
      const email = uniqueEmail();
      const refused = await postJson(path, { ...valid(), email }, { client, bindings });
      expect(refused.status).toBe(429);
      expect((await refused.json<{ message: string }>()).message).toMatch(/too many/i);
      expect(await storedRows(table, email)).toHaveLength(0);
      // Another visitor is not affected.
      expect((await postJson(path, { ...valid(), email: uniqueEmail() }, { bindings })).status).toBe(201);
    });

    it("stores the submission when the rate limiter itself fails", async () => {
      const loggedErrors = vi.spyOn(console, "error").mockImplementation(() => {});
      const broken: RateLimit = { limit: () => Promise.reject(new Error("rate limiter unavailable")) };
      const email = uniqueEmail();
      const response = await postJson(path, { ...valid(), email }, { bindings: { SUBMISSION_LIMITER: broken } });
      loggedErrors.mockRestore();
      expect(response.status).toBe(201);
      expect(await storedRows(table, email)).toHaveLength(1);
    });
  });
}

describe("POST /api/service-request", () => {
  it("refuses a service that is not one of the dropdown's values", async () => {
    for (const service of ["rocket-repair", "Oil Change Service", ""]) {
      const response = await postJson("/api/service-request", { ...validServiceRequest(), service });
      expect(response.status, service).toBe(400);
      const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(fieldErrors.service?.[0]).toMatch(/choose the service/i);
    }
  });
});
