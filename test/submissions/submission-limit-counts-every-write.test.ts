import { describe, expect, it } from "vitest";
import { newClientAddress, postForm, postJson, rateLimiterAllowing } from "../support/http";
import { storedRows, uniqueEmail, validContact } from "../support/inbox";

// The per-client limit is the first thing a write meets: a client that sends nothing but broken
// bodies is throttled like one that sends valid ones, before its body is read.

const brokenApiBodies: [string, RequestInit["headers"], string][] = [
  ["an empty object", { "Content-Type": "application/json" }, "{}"],
  ["malformed JSON", { "Content-Type": "application/json" }, '{"firstName": '],
  ["a wrong content type", { "Content-Type": "text/plain" }, "hello"],
  ["an oversized body", { "Content-Type": "application/json" }, JSON.stringify({ message: "x".repeat(40_000) })],
];

describe("the per-client submission limit", () => {
  it("counts invalid API bodies: after the limit, even a valid submission is 429 and not stored", async () => {
    const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(brokenApiBodies.length) };
    const client = newClientAddress();
    for (const [what, headers, body] of brokenApiBodies) {
      const response = await postJson("/api/contact", body, { client, bindings, headers });
      expect(response.status, what).toBeGreaterThanOrEqual(400);
      expect(response.status, what).not.toBe(429);
    }
    for (const [what, headers, body] of brokenApiBodies) {
      expect((await postJson("/api/contact", body, { client, bindings, headers })).status, what).toBe(429);
    }
    const email = uniqueEmail();
    const valid = await postJson("/api/service-request", { ...validContact(), email }, { client, bindings });
    expect(valid.status).toBe(429);
    expect(valid.headers.get("Retry-After")).toBe("60");
    expect(await storedRows("service_requests", email)).toEqual([]);
  });

  it("counts invalid page-form posts, and the 429 keeps what the visitor typed", async () => {
    const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(2) };
    const client = newClientAddress();
    // Nothing filled in, then a body that is not a form.
    expect((await postForm("/contact", {}, { client, bindings })).status).toBe(400);
    const notAForm = await postForm("/contact", {}, { client, bindings, headers: { "Content-Type": "text/plain" } });
    expect(notAForm.status).toBe(415);

    const email = uniqueEmail();
    const refused = await postForm("/contact", { ...validContact(), email }, { client, bindings });
    expect(refused.status).toBe(429);
    expect(refused.headers.get("Retry-After")).toBe("60");
    const html = await refused.text();
    expect(html).toContain("Too many messages");
    expect(html).toContain(`value="${email}"`);
    expect(await storedRows("contact_submissions", email)).toEqual([]);
  });
});
