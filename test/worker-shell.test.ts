import { env, SELF } from "cloudflare:test";
import { describe, expect, it } from "vitest";

describe("the Worker", () => {
  it("renders the home page with the shop's header and footer", async () => {
    const response = await SELF.fetch("http://localhost/");
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toContain("text/html");
    const html = await response.text();
    expect(html).toContain("Trusted Since 1992");
    expect(html).toContain('href="tel:+14105550192"');
    expect(html).toContain("Pikesville, Maryland");
  });

  it("answers an unknown path with a 404 Page Not Found page", async () => {
    const response = await SELF.fetch("http://localhost/does-not-exist");
    expect(response.status).toBe(404);
    expect(await response.text()).toContain("Page Not Found");
  });

  it("reports healthy only when D1 answers", async () => {
    await env.DB.prepare("select count(*) from contact_submissions").first();
    const response = await SELF.fetch("http://localhost/api/health");
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: "ok" });
  });

  it("has the migrated tables in D1", async () => {
    const { results } = await env.DB.prepare(
      "select name from sqlite_master where type = 'table' and name not like '\\_%' escape '\\' order by name",
    ).all<{ name: string }>();
    expect(results.map((row) => row.name)).toEqual(
      expect.arrayContaining(["contact_submissions", "service_requests", "users"]),
    );
  });

  it("refuses a cross-site POST before any action runs", async () => {
    const response = await SELF.fetch("http://localhost/contact", {
      method: "POST",
      headers: { Origin: "https://evil.example", "Content-Type": "application/x-www-form-urlencoded" },
      body: "firstName=x",
    });
    expect(response.status).toBe(403);
  });

  it("sends security headers with every response", async () => {
    const response = await SELF.fetch("http://localhost/");
    const csp = response.headers.get("Content-Security-Policy") ?? "";
    expect(csp).toContain("frame-ancestors 'none'");
    expect(csp).toContain("object-src 'none'");
    expect(csp).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'/);
    expect(csp).not.toMatch(/script-src[^;]*unsafe-inline/);
    expect(response.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(response.headers.get("X-Frame-Options")).toBe("DENY");
  });
});
