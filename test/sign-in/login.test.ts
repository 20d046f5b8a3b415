import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, setCookieLine } from "../support/http";
import {
  apiLogin,
  createStaffUser,
  isAuthenticated,
  pageLogin,
  sessionCookie,
  sessionSetCookie,
  toastCookie,
} from "../support/staff";
import { DEVICE_COOKIE_NAME } from "~/features/sign-in/server/device-cookie.server";

/** "name=value" of the device cookie a login sets ("" when it sets none). */
const deviceCookie = (response: Response) => setCookieLine(response, DEVICE_COOKIE_NAME)?.split(";")[0] ?? "";

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
      headers: { Cookie: `${sessionCookie(response)}; ${toastCookie(response)}` },
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
  it("refuses one browser with 429 after 5 failures for a username, even with the right password, until the window passes", async () => {
    await createStaffUser("throttled", password);
    const client = newClientAddress();
    for (let attempt = 1; attempt <= 5; attempt++) {
      expect((await apiLogin("throttled", "wrong password " + attempt, { client })).status).toBe(401);
    }
    const refused = await apiLogin("throttled", password, { client });
    expect(refused.status).toBe(429);
    expect(await refused.json()).toEqual({ message: "Too many attempts, try again in 15 minutes." });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(14 * 60);
    expect(sessionSetCookie(refused)).toBeUndefined();

    // The HTML form gets the same answer, inline.
    const page = await pageLogin("throttled", password, { client });
    expect(page.status).toBe(429);
    expect(await page.text()).toContain("Too many attempts, try again in 15 minutes.");

    // Let the 15-minute window pass by moving its start back.
    await env.DB.prepare("update login_throttle set window_started_at = window_started_at - ? where key like ?")
      .bind(15 * 60 * 1000, 'user+client:["throttled",%')
      .run();
    expect((await apiLogin("throttled", password, { client })).status).toBe(200);
  });

  it("lets the owner in from another address while a stranger guesses at the username", async () => {
    await createStaffUser("owner", password);
    // The review's attack: six wrong passwords every quarter hour, from anywhere.
    const attacker = newClientAddress();
    for (let attempt = 1; attempt <= 6; attempt++) await apiLogin("owner", "guess " + attempt, { client: attacker });
    expect((await apiLogin("owner", "guess 7", { client: attacker })).status).toBe(429);

    // The owner, on a browser never used for this account before, at the shop's address.
    expect((await pageLogin("owner", password, { client: newClientAddress() })).status).toBe(302);
    expect((await apiLogin("owner", password, { client: newClientAddress() })).status).toBe(200);
  });

  it("lets a browser that has logged in before in, even when strangers have locked every other one out", async () => {
    await createStaffUser("besieged", password);
    const device = deviceCookie(await apiLogin("besieged", password));
    // More than 100 wrong guesses from many addresses: every unknown browser is refused.
    await env.DB.prepare("insert or replace into login_throttle (key, attempts, window_started_at) values (?, ?, ?)")
      .bind("user:besieged", 101, Date.now())
      .run();
    expect((await apiLogin("besieged", password)).status).toBe(429);

    const response = await apiLogin("besieged", password, { cookie: device });
    expect(response.status).toBe(200);
    expect(await isAuthenticated(sessionCookie(response))).toBe(true);
  });

  it("does not trust a device cookie that is forged, or issued for another username", async () => {
    await createStaffUser("guarded", password);
    await createStaffUser("colleague", password);
    await env.DB.prepare("insert or replace into login_throttle (key, attempts, window_started_at) values (?, ?, ?)")
      .bind("user:guarded", 101, Date.now())
      .run();
    const colleagueDevice = deviceCookie(await apiLogin("colleague", password));
    expect((await apiLogin("guarded", password, { cookie: colleagueDevice })).status).toBe(429);

    const [name, value] = colleagueDevice.split("=") as [string, string];
    const payload = JSON.parse(atob(decodeURIComponent(value).split(".")[0]!)) as { usernames: string[] };
    const forged = btoa(JSON.stringify({ ...payload, usernames: ["guarded"] }));
    const unsigned = `${name}=${encodeURIComponent(`${forged}.${decodeURIComponent(value).split(".")[1]}`)}`;
    expect((await apiLogin("guarded", password, { cookie: unsigned })).status).toBe(429);
  });

  it("sets the device cookie at login: signed, HttpOnly, Secure, SameSite=Strict, __Host-, for months", async () => {
    await createStaffUser("remembered", password);
    for (const response of [await apiLogin("remembered", password), await pageLogin("remembered", password)]) {
      const line = setCookieLine(response, DEVICE_COOKIE_NAME)!;
      const attributes = line.split(";").map((part) => part.trim());
      expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "SameSite=Strict", "Path=/"]));
      expect(attributes.some((part) => part.startsWith("Domain="))).toBe(false);
      const maxAge = Number(attributes.find((part) => part.startsWith("Max-Age="))?.slice("Max-Age=".length));
      expect(maxAge).toBeGreaterThanOrEqual(90 * 24 * 60 * 60);
      expect(decodeURIComponent(line.split(";")[0]!)).toMatch(/^__Host-device=[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);
    }
    // A failed login sets none.
    expect(setCookieLine(await apiLogin("remembered", "a wrong password"), DEVICE_COOKIE_NAME)).toBeUndefined();
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
