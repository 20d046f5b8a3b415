import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { cspNonce, fetchWorker, ORIGIN } from "../support/http";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";
import { expectSays } from "../support/says";

const password = "the inbox password, long";
let cookie: string;

// 2026-01-05 20:30 UTC is 3:30 PM in Pikesville (EST); 2026-07-04 16:00 UTC is noon (EDT).
const older = Date.UTC(2026, 0, 5, 20, 30);
const newer = Date.UTC(2026, 6, 4, 16, 0);

beforeAll(async () => {
  await createStaffUser("pat", password);
  cookie = sessionCookie(await apiLogin("pat", password));
  await env.DB.batch([
    env.DB.prepare(
      "insert into contact_submissions (id, first_name, last_name, email, phone, message, submitted_at) values (?, ?, ?, ?, ?, ?, ?)",
    ).bind("c-old", "Olivia", "Older", "olivia@example.com", "(410) 555-0101", "<script>alert(1)</script>", older),
    env.DB.prepare(
      "insert into contact_submissions (id, first_name, last_name, email, phone, message, submitted_at) values (?, ?, ?, ?, ?, ?, ?)",
    ).bind("c-new", "Nate", "Newer", "nate@example.com", "410-555-0102", "Brakes squeal when cold.", newer),
    env.DB.prepare(
      "insert into service_requests (id, first_name, last_name, email, phone, service, message, submitted_at) values (?, ?, ?, ?, ?, ?, ?, ?)",
    ).bind("s-1", "Rita", "Request", "rita@example.com", "4105550103", "brake-service", "Front pads, please.", older),
  ]);
});

const adminJson = ["/api/contact-submissions", "/api/service-requests"];

describe("without a session", () => {
  it("redirects /incoming to /login without rendering any submission, and says no-store", async () => {
    for (const path of ["/incoming", "/incoming?tab=service-requests"]) {
      const response = await fetchWorker(path, { redirect: "manual" });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      const body = await response.text();
      expect(body).not.toContain("Olivia");
      expect(body).not.toContain("Rita");
    }
  });

  it("sends no inbox data to React Router's client data requests either", async () => {
    const response = await fetchWorker("/incoming.data", { redirect: "manual" });
    const body = await response.text();
    expect(body).not.toContain("Olivia");
    expect(body).toContain("/login");
  });

  it("answers the admin JSON endpoints with 401 and no-store", async () => {
    for (const path of adminJson) {
      const response = await fetchWorker(path);
      expect(response.status, path).toBe(401);
      expect(response.headers.get("Cache-Control")).toBe("no-store");
      expect(await response.json()).toEqual({ message: "Unauthorized" });
    }
  });

  it("reports not authenticated", async () => {
    const response = await fetchWorker("/api/auth/status");
    expect(await response.json()).toEqual({ authenticated: false });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("with a session", () => {
  it("lists contact submissions as JSON, newest first", async () => {
    const response = await fetchWorker("/api/contact-submissions", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body: Record<string, unknown>[] = await response.json();
    expect(body.map((row) => row.id)).toEqual(["c-new", "c-old"]);
    // What was stored, whatever optional fields a submission may gain.
    expect(body[1]).toMatchObject({
      id: "c-old",
      firstName: "Olivia",
      lastName: "Older",
      email: "olivia@example.com",
      phone: "(410) 555-0101",
      message: "<script>alert(1)</script>",
      submittedAt: new Date(older).toISOString(),
    });
  });

  it("lists service requests as JSON", async () => {
    const response = await fetchWorker("/api/service-requests", { headers: { Cookie: cookie } });
    const body: Record<string, unknown>[] = await response.json();
    expect(body).toEqual([expect.objectContaining({ id: "s-1", service: "brake-service", firstName: "Rita" })]);
  });

  it("renders the inbox with counts, New York times, links and escaped messages, never cached", async () => {
    const response = await fetchWorker("/incoming", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(html).toContain("Admin Panel");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
    expect(html.indexOf("Nate Newer")).toBeLessThan(html.indexOf("Olivia Older"));
    expectSays(
      html,
      [
        "Jan 5, 2026, 3:30 PM EST",
        "Jul 4, 2026, 12:00 PM EDT",
        'href="mailto:olivia@example.com"',
        'href="tel:4105550101"',
        "&lt;script&gt;alert(1)&lt;/script&gt;",
      ],
      ["<script>alert(1)</script>", "Rita Request"],
    );
  });

  it("shows service requests with the service's label on ?tab=service-requests", async () => {
    const response = await fetchWorker("/incoming?tab=service-requests", { headers: { Cookie: cookie } });
    const html = await response.text();
    expect(html).toContain("Rita Request");
    expect(html).toContain("Brake Repair &amp; Service");
    expect(html).not.toContain("Olivia Older");
  });

  it("reports authenticated", async () => {
    const response = await fetchWorker("/api/auth/status", { headers: { Cookie: cookie } });
    expect(await response.json()).toEqual({ authenticated: true });
  });
});

describe("cross-site requests", () => {
  it("refuses a cross-site POST to the login form and the login API before any action runs", async () => {
    const attempts: { path: string; headers: Record<string, string>; body: BodyInit | null }[] = [
      {
        path: "/login",
        headers: { Origin: "https://evil.example" },
        body: new URLSearchParams({ username: "pat", password }),
      },
      {
        path: "/login",
        headers: { "Sec-Fetch-Site": "cross-site" },
        body: new URLSearchParams({ username: "pat", password }),
      },
      {
        path: "/api/login",
        headers: { Origin: "https://evil.example", "Content-Type": "application/json" },
        body: JSON.stringify({ username: "pat", password }),
      },
      { path: "/api/logout", headers: { Origin: "https://evil.example", Cookie: cookie }, body: null },
    ];
    for (const { path, headers, body } of attempts) {
      const response = await fetchWorker(path, { method: "POST", headers, body, redirect: "manual" });
      expect(response.status, path).toBe(403);
      expect(response.headers.getSetCookie()).toEqual([]);
    }
    const status = await fetchWorker("/api/auth/status", { headers: { Cookie: cookie } });
    expect(await status.json()).toEqual({ authenticated: true });
  });

  it("accepts the same POST from the site itself", async () => {
    const response = await fetchWorker("/api/login", {
      method: "POST",
      headers: {
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": "application/json",
        "CF-Connecting-IP": "192.0.2.9",
      },
      body: JSON.stringify({ username: "pat", password }),
    });
    expect(response.status).toBe(200);
  });
});

describe("security headers", () => {
  const requests: [string, RequestInit?][] = [
    ["/"],
    ["/login"],
    ["/incoming"],
    ["/api/auth/status"],
    ["/api/contact-submissions"],
    ["/api/login", { method: "POST", headers: { "Content-Type": "application/json" }, body: "{}" }],
  ];

  it("come with every page and API response", async () => {
    for (const [path, init] of requests) {
      const response = await fetchWorker(path, { redirect: "manual", ...init });
      const headers = response.headers;
      const csp = headers.get("Content-Security-Policy") ?? "";
      expect(csp, path).toMatch(/script-src 'self' 'nonce-[A-Za-z0-9+/=]{20,}'(;|$)/);
      expect(
        csp.split(";").find((part) => part.trim().startsWith("script-src")),
        path,
      ).not.toContain("unsafe-inline");
      for (const directive of [
        "frame-ancestors 'none'",
        "object-src 'none'",
        "base-uri 'self'",
        "form-action 'self'",
      ]) {
        expect(csp, `${path}: ${directive}`).toContain(directive);
      }
      expect(headers.get("Strict-Transport-Security"), path).toBe("max-age=63072000; includeSubDomains");
      expect(headers.get("X-Content-Type-Options"), path).toBe("nosniff");
      expect(headers.get("Referrer-Policy"), path).toBe("strict-origin-when-cross-origin");
      expect(headers.get("X-Frame-Options"), path).toBe("DENY");
      expect(headers.get("Cross-Origin-Opener-Policy"), path).toBe("same-origin");
      expect(headers.get("Permissions-Policy"), path).toMatch(/camera=\(\).*microphone=\(\).*geolocation=\(\)/);
    }
  });

  it("put a fresh nonce in each page's CSP and on each of its scripts", async () => {
    const nonces = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const response = await fetchWorker("/login");
      const nonce = cspNonce(response);
      nonces.add(nonce);
      const html = await response.text();
      const scripts = html.match(/<script\b[^>]*>/g) ?? [];
      expect(scripts.length).toBeGreaterThan(0);
      for (const tag of scripts) expect(tag).toContain(`nonce="${nonce}"`);
    }
    expect(nonces.size).toBe(2);
  });
});
