import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import {
  apiLogin,
  cookieFrom,
  createStaffUser,
  fetchWorker,
  isAuthenticated,
  newClientAddress,
  pageLogin,
  sessionCookie,
  sessionSetCookie,
} from "./helpers";

const password = "a long enough staff password";

function inputTag(html: string, name: string): string {
  const tag = new RegExp(`<input[^>]*name="${name}"[^>]*>`).exec(html)?.[0];
  if (!tag) throw new Error(`No input named ${name}`);
  return tag;
}

beforeAll(async () => {
  await createStaffUser("jane", password);
});

describe("POST /api/login", () => {
  it("answers 200 { success: true } with a session cookie for the right password", async () => {
    const response = await apiLogin("jane", password);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await isAuthenticated(sessionCookie(response))).toBe(true);
  });

  it("treats the username case-insensitively", async () => {
    expect((await apiLogin("  Jane ", password)).status).toBe(200);
  });

  it("answers 401 with a message and no session for a wrong password", async () => {
    const response = await apiLogin("jane", "not the right password");
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: "Invalid username or password." });
    expect(sessionSetCookie(response)).toBeUndefined();
  });

  it("gives an unknown username exactly the same answer as a wrong password", async () => {
    const unknown = await apiLogin("nobody", password);
    const wrong = await apiLogin("jane", "not the right password");
    expect(unknown.status).toBe(wrong.status);
    expect(await unknown.text()).toBe(await wrong.text());
    expect(sessionSetCookie(unknown)).toBeUndefined();
  });

  it("answers 400 for a body without credentials and 415 for a body that is not JSON", async () => {
    const missing = await fetchWorker("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "jane" }),
    });
    expect(missing.status).toBe(400);
    const form = await fetchWorker("/api/login", {
      method: "POST",
      body: new URLSearchParams({ username: "jane", password }),
    });
    expect(form.status).toBe(415);
  });

  it("refuses a body over 8 KB with 413 before reading it whole", async () => {
    const response = await fetchWorker("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ username: "jane", password: "x".repeat(9000) }),
    });
    expect(response.status).toBe(413);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
  });
});

describe("POST /login (the HTML form, no JavaScript)", () => {
  it("signs in and redirects to /incoming with the 'Logged in successfully' toast", async () => {
    const response = await pageLogin("jane", password);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/incoming");
    const page = await fetchWorker("/incoming", {
      headers: { Cookie: `${sessionCookie(response)}; ${cookieFrom(response, "toast")}` },
    });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("Admin Panel");
    expect(html).toContain("Logged in successfully");
  });

  it("stays on the page with the error inline, keeps the username and drops the password", async () => {
    const response = await pageLogin("jane", "a wrong password here");
    expect(response.status).toBe(401);
    expect(sessionSetCookie(response)).toBeUndefined();
    const html = await response.text();
    expect(html).toContain("Login Failed");
    expect(html).toContain("Invalid username or password.");
    expect(inputTag(html, "username")).toContain('value="jane"');
    expect(inputTag(html, "password")).not.toContain("value=");
    expect(html).not.toContain("a wrong password here");
  });

  it("sends a signed-in staff member from /login to /incoming", async () => {
    const cookie = sessionCookie(await apiLogin("jane", password));
    const response = await fetchWorker("/login", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/incoming");
  });

  it("renders the login form with both fields required and the version label", async () => {
    const response = await fetchWorker("/login");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const html = await response.text();
    expect(inputTag(html, "username")).toContain('required=""');
    expect(inputTag(html, "password")).toContain('required=""');
    expect(inputTag(html, "password")).toContain('type="password"');
    expect(html).toContain("v3.0.0");
    expect(html).toContain('<meta name="robots" content="noindex, nofollow"/>');
  });
});

describe("login throttling", () => {
  it("refuses a username with 429 after 5 failures, even with the right password, until the window passes", async () => {
    await createStaffUser("throttled", password);
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await apiLogin("throttled", "wrong password " + attempt)).status).toBe(401);
    }
    const refused = await apiLogin("throttled", password);
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Too many attempts, try again in 15 minutes." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(sessionSetCookie(refused)).toBeUndefined();

    // The HTML form gets the same answer, inline.
    const page = await pageLogin("throttled", password);
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts, try again in 15 minutes.");

    // Let the 15-minute window pass by moving its start back.
    await env.DB.prepare("update login_throttle set window_started_at = window_started_at - ? where key = ?")
      .bind(15 * 60 * 1000, "user:throttled")
      .run();
    expect((await apiLogin("throttled", password)).status).toBe(200);
  });

  // 21 scrypt verifications take a few seconds.
  it("refuses a client with 429 after 20 failures across usernames", { timeout: 30_000 }, async () => {
    const client = newClientAddress();
    for (let attempt = 1; attempt <= 20; attempt++) {
      expect((await apiLogin(`guess-${attempt}`, "wrong password", { client })).status).toBe(401);
    }
    expect((await apiLogin("jane", password, { client })).status).toBe(429);
    expect((await apiLogin("jane", password)).status).toBe(200);
  });
});
