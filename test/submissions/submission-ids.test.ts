import { describe, expect, it } from "vitest";
import { CACHED_PAGE_SUBMISSION_ID } from "~/http/context.server";
import { fetchWorker, formSubmissionId, postForm, postJson } from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";

// A submission id makes a retried form count once. It must never be a way to read someone
// else's submission, nor a key two visitors share.

const endpoints = [
  { path: "/api/contact", table: "contact_submissions", valid: validContact },
  { path: "/api/service-request", table: "service_requests", valid: validServiceRequest },
] as const;

/** Another visitor's submission under the same id. */
const someoneElse = (valid: () => Record<string, string>) => ({
  ...valid(),
  firstName: "Mallory",
  lastName: "Prober",
  email: uniqueEmail(),
  phone: "202-555-0199",
  message: "Just checking what this id holds.",
});

const NOT_RANDOM_UUIDS = {
  nil: "00000000-0000-0000-0000-000000000000",
  "the page cache's placeholder": CACHED_PAGE_SUBMISSION_ID,
  "a version 1 (time-based) UUID": "6ba7b810-9dad-11d1-80b4-00c04fd430c8",
  "a version 4 UUID with the wrong variant": "9f1c1f8e-3b7a-4c2d-cf00-1a2b3c4d5e6f",
  "a UUID without hyphens": "9f1c1f8e3b7a4c2d8f001a2b3c4d5e6f",
  garbage: "'; drop table contact_submissions; --",
};

for (const { path, table, valid } of endpoints) {
  describe(`submission ids on POST ${path}`, () => {
    it("answers a replay of the same submission exactly as the first time, and stores it once", async () => {
      const body = { ...valid(), email: uniqueEmail(), submissionId: crypto.randomUUID() };
      const first = await postJson(path, body);
      const replay = await postJson(path, body);
      expect(first.status).toBe(201);
      expect(replay.status).toBe(201);
      expect(await replay.json()).toEqual(await first.json());
      expect(await storedRows(table, body.email)).toHaveLength(1);
    });

    it("answers 409 to other content under a used id: nothing stored, nothing of the first returned", async () => {
      const submissionId = crypto.randomUUID();
      const original = { ...valid(), email: uniqueEmail(), submissionId };
      expect((await postJson(path, original)).status).toBe(201);

      const probe = { ...someoneElse(valid), submissionId };
      const response = await postJson(path, probe);
      expect(response.status).toBe(409);
      const text = await response.text();
      expect(JSON.parse(text)).toEqual({ message: expect.stringMatching(/already sent/) });
      for (const value of [original.email, original.firstName, original.phone, original.message]) {
        expect(text).not.toContain(value);
      }
      expect(await storedRows(table, probe.email)).toHaveLength(0);
      expect(await storedRows(table, original.email)).toMatchObject([{ id: submissionId, message: original.message }]);
    });

    it("takes the same id in capitals as the same id", async () => {
      const submissionId = crypto.randomUUID();
      const body = { ...valid(), email: uniqueEmail(), submissionId };
      expect((await postJson(path, body)).status).toBe(201);

      const shouted = await postJson(path, { ...body, submissionId: submissionId.toUpperCase() });
      expect(shouted.status).toBe(201);
      expect((await shouted.json<{ id: string }>()).id).toBe(submissionId);
      expect(await storedRows(table, body.email)).toHaveLength(1);

      const probe = { ...someoneElse(valid), submissionId: ` ${submissionId.toUpperCase()} ` };
      expect((await postJson(path, probe)).status).toBe(409);
    });

    it.each(Object.entries(NOT_RANDOM_UUIDS))("refuses %s as an id with 400 and stores nothing", async (_, id) => {
      const body = { ...valid(), email: uniqueEmail(), submissionId: id };
      const response = await postJson(path, body);
      expect(response.status).toBe(400);
      const { fieldErrors } = await response.json<{ fieldErrors: Record<string, string[]> }>();
      expect(fieldErrors).toEqual({ submissionId: ["This form has expired. Please reload the page."] });
      expect(await storedRows(table, body.email)).toHaveLength(0);
    });

    it("answers with what the visitor sent, its id and its time, and nothing else", async () => {
      const body = { ...valid(), email: uniqueEmail() };
      const response = await postJson(path, { ...body, submissionId: crypto.randomUUID(), leave_blank: "" });
      expect(Object.keys(await response.json<object>()).sort()).toEqual(
        [...Object.keys(body), "id", "submittedAt"].sort(),
      );
    });
  });
}

describe("a page form sent again with other content under its id", () => {
  for (const page of [
    { path: "/contact", action: "/contact", table: "contact_submissions", valid: validContact },
    { path: "/", action: "/?index", table: "service_requests", valid: validServiceRequest },
  ] as const) {
    it(`on ${page.path} says the form was already sent, keeps what was typed and stores nothing`, async () => {
      const submissionId = formSubmissionId(await (await fetchWorker(page.path)).text());
      const original = { ...page.valid(), email: uniqueEmail(), submissionId };
      expect((await postForm(page.action, original)).status).toBe(302);
      // The same form again (a double click) is still a success.
      expect((await postForm(page.action, original)).status).toBe(302);

      const edited = { ...someoneElse(page.valid), submissionId };
      const response = await postForm(page.action, edited);
      expect(response.status).toBe(409);
      const html = await response.text();
      expect(html).toContain("This form was already sent with other details. Please reload the page");
      expect(html).toContain(`value="${edited.email}"`);
      expect(html).not.toContain(original.email);
      expect(await storedRows(page.table, edited.email)).toHaveLength(0);
      expect(await storedRows(page.table, original.email)).toHaveLength(1);
    });
  }

  it("refuses the page cache's placeholder id from a page form too", async () => {
    const email = uniqueEmail();
    const response = await postForm("/contact", { ...validContact(), email, submissionId: CACHED_PAGE_SUBMISSION_ID });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain("This form has expired. Please reload the page.");
    expect(await storedRows("contact_submissions", email)).toHaveLength(0);
  });
});
