import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newClientIp, postForm, validContact, validServiceRequest } from "./helpers";

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

const uniqueEmail = () => `visitor-${crypto.randomUUID()}@example.com`;

async function countRows(table: string, email: string) {
  const row = await env.DB.prepare(`select count(*) as n from ${table} where email = ?`)
    .bind(email)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

/** The submission id the page gave its form, as a browser would read it from the HTML. */
async function formSubmissionId(path: string): Promise<string> {
  const html = await (await SELF.fetch(`http://localhost${path}`)).text();
  const id = /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error(`No submission id on ${path}`);
  return id;
}

for (const page of pages) {
  describe(`the ${page.name} without JavaScript`, () => {
    it("stores the submission and redirects back to the form with the success message", async () => {
      const email = uniqueEmail();
      const submissionId = await formSubmissionId(page.path);
      const response = await postForm(page.action, { ...page.valid(), email: `  ${email}`, submissionId });
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe(page.redirect);
      expect(await countRows(page.table, email)).toBe(1);

      // The next page shows the brief's success text once, written into the page.
      const cookie = response.headers.get("Set-Cookie")!.split(";")[0]!;
      const next = await SELF.fetch(`http://localhost${page.path}`, { headers: { Cookie: cookie } });
      const html = await next.text();
      expect(html).toContain(page.toast);
      expect(next.headers.get("Set-Cookie")).toMatch(/toast=;.*Max-Age=0/);
    });

    it("returns 400 with the visitor's input and a message under each invalid field", async () => {
      const response = await postForm(page.action, {
        ...page.valid(),
        firstName: "  ",
        email: "maria@",
        phone: "((((()))))",
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain("Please enter your first name.");
      expect(html).toContain("Please enter a valid email address");
      expect(html).toContain("at least 7 digits");
      expect(html).toContain('value="maria@"');
      expect(html).toContain(page.valid().lastName);
      expect(html).toContain(page.valid().message);
      // Errors are tied to their fields, and the first invalid field takes focus.
      expect(html).toMatch(/aria-invalid="true" aria-describedby="form-[a-zA-Z]+-firstName-error"[^>]*autofocus/);
    });

    it("stores a form sent twice (double click, resend) once", async () => {
      const email = uniqueEmail();
      const submissionId = await formSubmissionId(page.path);
      const fields = { ...page.valid(), email, submissionId };
      expect((await postForm(page.action, fields)).status).toBe(302);
      expect((await postForm(page.action, fields)).status).toBe(302);
      expect(await countRows(page.table, email)).toBe(1);
    });

    it("answers a filled honeypot like a success and stores nothing", async () => {
      const email = uniqueEmail();
      const response = await postForm(page.action, { ...page.valid(), email, leave_blank: "buy now" });
      expect(response.status).toBe(302);
      expect(await countRows(page.table, email)).toBe(0);
    });

    it("refuses a cross-site post", async () => {
      const email = uniqueEmail();
      const response = await postForm(
        page.action,
        { ...page.valid(), email },
        { headers: { Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" } },
      );
      expect(response.status).toBe(403);
      expect(await countRows(page.table, email)).toBe(0);
    });

    it("keeps the visitor's input and explains when they send too many", async () => {
      const ip = newClientIp();
      let last: Response | undefined;
      for (let i = 0; i < 21; i++)
        last = await postForm(page.action, { ...page.valid(), email: uniqueEmail() }, { ip });
      expect(last?.status).toBe(429);
      const html = await last!.text();
      expect(html).toContain("Too many messages");
      expect(html).toContain(page.valid().message);
    });
  });
}
