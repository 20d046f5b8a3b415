import { describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, postJson } from "../support/http";
import { validContact, validServiceRequest } from "../support/inbox";

// Every JSON write endpoint goes through one door (app/http/json-endpoint.server.ts): the
// same refusals, with the same statuses, shapes and headers, whichever endpoint is asked.

const endpoints = [
  {
    path: "/api/contact",
    limitKb: 32,
    tooLarge: "The request body is larger than 32 KB.",
    valid: validContact,
    invalid: { ...validContact(), email: "nope" },
  },
  {
    path: "/api/service-request",
    limitKb: 32,
    tooLarge: "The request body is larger than 32 KB.",
    valid: validServiceRequest,
    invalid: { ...validServiceRequest(), email: "nope" },
  },
  {
    path: "/api/login",
    limitKb: 8,
    // Only the password can make a login body that large.
    tooLarge: "Password is too long",
    valid: () => ({ username: "nobody", password: "not a real password" }),
    invalid: { username: "nobody" },
  },
] as const;

type Answer = { message: string; fieldErrors?: Record<string, string[]> };

function send(path: string, init: RequestInit) {
  const headers = new Headers(init.headers);
  headers.set("CF-Connecting-IP", newClientAddress());
  return fetchWorker(path, { ...init, headers });
}

for (const { path, limitKb, tooLarge, valid, invalid } of endpoints) {
  describe(`${path} refuses what it cannot take`, () => {
    it("answers other methods with 405 and Allow: POST", async () => {
      for (const method of ["GET", "HEAD", "PUT", "PATCH", "DELETE"]) {
        const response = await send(path, { method });
        expect(response.status, method).toBe(405);
        expect(response.headers.get("Allow"), method).toBe("POST");
        expect(response.headers.get("Cache-Control"), method).toBe("no-store");
        if (method !== "HEAD") expect((await response.json<Answer>()).message, method).toMatch(/POST/);
      }
    });

    it("answers a body that is not JSON with 415", async () => {
      const response = await send(path, {
        method: "POST",
        headers: { "Content-Type": "text/plain" },
        body: JSON.stringify(valid()),
      });
      expect(response.status).toBe(415);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect((await response.json<Answer>()).message).toMatch(/application\/json/);
    });

    it(`answers a body over ${limitKb} KB with 413 and says what is too large`, async () => {
      const response = await postJson(path, { ...valid(), message: "x".repeat(limitKb * 1024) });
      expect(response.status).toBe(413);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({ message: tooLarge });
    });

    it("answers malformed JSON with 400 and no field errors", async () => {
      const response = await postJson(path, "{");
      expect(response.status).toBe(400);
      expect(await response.json()).toEqual({ message: "The request body is not valid JSON.", fieldErrors: {} });
    });

    it("answers input that breaks the rules with 400, a message and the errors per field", async () => {
      const response = await postJson(path, invalid);
      expect(response.status).toBe(400);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const answer = await response.json<Answer>();
      expect(answer.message.length).toBeGreaterThan(0);
      expect(Object.keys(answer.fieldErrors ?? {})).toHaveLength(1);
    });
  });
}

describe("/api/login field errors", () => {
  it("say which credential is missing, and that an over-long password is too long", async () => {
    const missing = await postJson("/api/login", { username: "jane" });
    expect(await missing.json()).toEqual({
      message: "Send a username and a password.",
      fieldErrors: { password: ["Password is required"] },
    });
    const tooLong = await postJson("/api/login", { username: "jane", password: "x".repeat(257) });
    expect((await tooLong.json<Answer>()).fieldErrors).toEqual({ password: ["Password is too long"] });
  });
});

describe("/api/logout", () => {
  it("answers other methods with 405 and Allow: POST, like the other endpoints", async () => {
    for (const method of ["GET", "PUT", "DELETE"]) {
      const response = await send("/api/logout", { method });
      expect(response.status, method).toBe(405);
      expect(response.headers.get("Allow"), method).toBe("POST");
    }
  });
});
