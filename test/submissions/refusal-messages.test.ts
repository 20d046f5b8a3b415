import { describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";

// Every refusal says what is wrong, once, in words about what was sent.

type Answer = { message: string; fieldErrors: Record<string, string[]> };

const jsonEndpoints = ["/api/contact", "/api/service-request", "/api/login"];

describe("a JSON body that is not an object", () => {
  const kinds = { null: "null", "[]": "an array", "123": "a number", '"x"': "a string", true: "true or false" };

  it.each(jsonEndpoints)("gets a message saying so from %s", async (path) => {
    for (const [body, kind] of Object.entries(kinds)) {
      const response = await postJson(path, body);
      expect(response.status, body).toBe(400);
      expect(await response.json(), body).toEqual({
        message: `The request body must be a JSON object of fields, not ${kind}.`,
        fieldErrors: {},
      });
    }
  });
});

describe("a password that is too long", () => {
  const tooLong = "p".repeat(257);
  const overTheBodyLimit = "p".repeat(9000);

  it("is called too long by the JSON endpoint, within the body limit and past it", async () => {
    const within = await postJson("/api/login", { username: "jane", password: tooLong });
    expect(await within.json()).toEqual({
      message: "Send a username and a password.",
      fieldErrors: { password: ["Password is too long"] },
    });
    const past = await postJson("/api/login", { username: "jane", password: overTheBodyLimit });
    expect(past.status).toBe(413);
    expect(await past.json()).toEqual({ message: "Password is too long" });
  });

  it("is called too long by the login page, within the body limit and past it", async () => {
    for (const password of [tooLong, overTheBodyLimit]) {
      const response = await fetchWorker("/login", {
        method: "POST",
        headers: { "CF-Connecting-IP": newClientAddress() },
        body: new URLSearchParams({ username: "jane", password }),
      });
      const html = await response.text();
      expect(html, String(password.length)).toContain("Password is too long");
      expect(html, String(password.length)).not.toContain("Password is required");
    }
  });

  it("and a password that is not text is called that, not missing", async () => {
    const response = await postJson("/api/login", { username: "jane", password: 12345678901234 });
    expect((await response.json<Answer>()).fieldErrors).toEqual({ password: ["Password must be text"] });
  });
});

describe("field messages", () => {
  const badInputs: Record<string, unknown>[] = [
    { phone: "12" },
    { phone: "" },
    { phone: "ab" },
    { phone: "1-2" },
    { phone: "x".repeat(30) },
    { email: "" },
    { email: "not an email" },
    { email: `${"x".repeat(300)}@example.com` },
    { firstName: "" },
    { firstName: "\u0000" },
    { firstName: "x".repeat(60) },
    { message: "" },
    { message: 42 },
  ];

  it("never repeat a message for one field in the API's answer", async () => {
    for (const bad of badInputs) {
      const response = await postJson("/api/contact", { ...validContact(), ...bad });
      expect(response.status, JSON.stringify(bad)).toBe(400);
      const { fieldErrors } = await response.json<Answer>();
      for (const [field, messages] of Object.entries(fieldErrors)) {
        expect(new Set(messages).size, `${field}: ${messages.join(" | ")}`).toBe(messages.length);
      }
    }
  });

  it("never repeat a message for one field on the page", async () => {
    for (const bad of badInputs.filter((input) => Object.values(input).every((value) => typeof value === "string"))) {
      const fields: Record<string, string> = { ...validContact(), ...bad };
      const html = await (await postForm("/contact", fields)).text();
      const lists = html.match(/<ul id="form-contact-\w+-error"[^>]*>.*?<\/ul>/g) ?? [];
      expect(lists.length, JSON.stringify(bad)).toBeGreaterThan(0);
      for (const list of lists) {
        const items = [...list.matchAll(/<li>(.*?)<\/li>/g)].map((match) => match[1]);
        expect(new Set(items).size, `${JSON.stringify(bad)}: ${items.join(" | ")}`).toBe(items.length);
      }
    }
  });

  it("say an empty phone number is missing, not also too short", async () => {
    const response = await postJson("/api/contact", { ...validContact(), phone: "" });
    expect((await response.json<Answer>()).fieldErrors).toEqual({ phone: ["Please enter your phone number."] });
  });

  it("say a field that is not text is not text", async () => {
    const response = await postJson("/api/contact", { ...validContact(), firstName: 42, lastName: ["Santos"] });
    expect((await response.json<Answer>()).fieldErrors).toEqual({
      firstName: ["Your first name must be text."],
      lastName: ["Your last name must be text."],
    });
  });
});

describe("the honeypot", () => {
  // What no browser's autofill puts there (a link, a value that is not text): spam. What autofill
  // does put there (a space, a name) is answered the same way; the record stays in the inbox,
  // flagged (test/submissions/spam-possible.test.ts).
  const values: unknown[] = ["https://spam.example", 1, 0, true, false, ["x"], { a: 1 }, "buy now www.x.example"];

  for (const { path, table, valid } of [
    { path: "/api/contact", table: "contact_submissions", valid: validContact },
    { path: "/api/service-request", table: "service_requests", valid: validServiceRequest },
  ] as const) {
    it(`on ${path} answers any value, of any type, like a success, and keeps the submission aside as spam`, async () => {
      for (const value of values) {
        const email = uniqueEmail();
        const response = await postJson(path, { ...valid(), email, leave_blank: value });
        expect(response.status, JSON.stringify(value)).toBe(201);
        expect(await storedRows(table, email), JSON.stringify(value)).toEqual([
          expect.objectContaining({ status: "spam", spam_reason: "honeypot" }),
        ]);
      }
    });

    it(`on ${path} is never named in a refusal`, async () => {
      for (const value of values) {
        const response = await postJson(path, { ...valid(), email: "broken", leave_blank: value });
        const text = await response.text();
        expect(response.status).toBe(400);
        expect(text, JSON.stringify(value)).not.toContain("leave_blank");
      }
    });
  }

  it("on a page form is never named in a refusal either", async () => {
    const response = await postForm("/contact", { ...validContact(), email: "broken", leave_blank: "filled by a bot" });
    expect(response.status).toBe(400);
    expect(await response.text()).not.toMatch(/leave_blank-error/);
  });
});
