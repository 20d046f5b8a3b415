import { describe, expect, it } from "vitest";
import {
  fetchWorker,
  formSubmissionId,
  newClientAddress,
  postForm,
  rateLimiterAllowing,
  refusedPage,
} from "../support/http";
import { storedRows, uniqueEmail, validContact, validServiceRequest } from "../support/inbox";
import { toastCookie } from "../support/staff";

const pages = [
  {
    name: "contact form",
    path: "/contact",
    action: "/contact",
    table: "contact_submissions",
    valid: validContact,
    redirect: "/contact#contact-form",
    toast: "Message Sent Successfully",
  },
  {
    name: "service request form",
    path: "/",
    action: "/?index",
    table: "service_requests",
    valid: validServiceRequest,
    redirect: "/#request-service",
    toast: "Service Request Submitted",
  },
] as const;

/** The submission id the page gives its form right now. */
async function freshSubmissionId(path: string): Promise<string> {
  return formSubmissionId(await (await fetchWorker(path)).text());
}

for (const page of pages) {
  describe(`the ${page.name} without JavaScript`, () => {
    it("stores the submission and redirects back to the form with the success message", async () => {
      const email = uniqueEmail();
      const submissionId = await freshSubmissionId(page.path);
      const response = await postForm(page.action, { ...page.valid(), email: `  ${email}`, submissionId });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(page.redirect);
      expect(await storedRows(page.table, email)).toHaveLength(1);

      // The next page shows the form's success text once, written into the page.
      const next = await fetchWorker(page.path, { headers: { Cookie: toastCookie(response) } });
      const html = await next.text();
      expect(html).toContain(page.toast);
      expect(next.headers.get("Set-Cookie")).toMatch(/^__Host-toast=;.*Max-Age=0/);
    });

    it("returns 400 with the visitor's input and a message under each invalid field", async () => {
      const response = await postForm(page.action, {
        ...page.valid(),
        firstName: "  ",
        email: "maria@",
        phone: "((((()))))",
      });
      const html = await refusedPage(response, [
        "Please enter your first name.",
        "Please enter a valid email address",
        "at least 7 digits",
        'value="maria@"',
        page.valid().lastName,
        page.valid().message,
      ]);
      // Errors are tied to their fields, and the first invalid field takes focus.
      expect(html).toMatch(/aria-invalid="true" aria-describedby="form-[a-zA-Z]+-firstName-error"[^>]*autofocus/);
    });

    it("stores a form sent twice (double click, resend) once", async () => {
      const email = uniqueEmail();
      const submissionId = await freshSubmissionId(page.path);
      const fields = { ...page.valid(), email, submissionId };
      expect((await postForm(page.action, fields)).status).toBe(302);
      expect((await postForm(page.action, fields)).status).toBe(302);
      expect(await storedRows(page.table, email)).toHaveLength(1);
    });

    it("answers a filled honeypot like a success and keeps the submission aside as spam", async () => {
      const email = uniqueEmail();
      const response = await postForm(page.action, { ...page.valid(), email, leave_blank: "buy now" });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(page.redirect);
      expect(await storedRows(page.table, email)).toEqual([
        expect.objectContaining({ email, status: "spam", spam_reason: "honeypot" }),
      ]);
    });

    it("refuses a cross-site post", async () => {
      const email = uniqueEmail();
      const response = await postForm(
        page.action,
        { ...page.valid(), email },
        { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
      );
      expect(response.status).toBe(403);
      expect(await storedRows(page.table, email)).toHaveLength(0);
    });

    it("keeps the visitor's input and explains when they send too many", async () => {
      const bindings = { SUBMISSION_LIMITER: rateLimiterAllowing(2) };
      const client = newClientAddress();
      for (let i = 0; i < 2; i++) {
        expect(
          (await postForm(page.action, { ...page.valid(), email: uniqueEmail() }, { client, bindings })).status,
        ).toBe(302);
      }
      const email = uniqueEmail();
      const refused = await postForm(page.action, { ...page.valid(), email }, { client, bindings });
      expect(refused.status).toBe(429);
      const html = await refused.text();
      expect(html).toContain("Too many messages");
      expect(html).toContain(`value="${email}"`);
      expect(html).toContain(page.valid().message.replace(/'/g, "&#x27;"));
      expect(await storedRows(page.table, email)).toHaveLength(0);
    });
  });
}
