import { env } from "cloudflare:test";
import { beforeAll, describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import {
  apiLogin,
  createStaffUser,
  isAuthenticated,
  pageLogin,
  sessionCookie,
  sessionIdOf,
  sessionSetCookie,
  toastCookie,
} from "../support/staff";

const password = "another long staff password";
const EIGHT_HOURS_MS = 8 * 60 * 60 * 1000;

beforeAll(async () => {
  await createStaffUser("sam", password);
});

describe("staff sessions", () => {
  it("sets a signed, HttpOnly, Secure, SameSite=Lax cookie for the whole site that expires in 8 hours", async () => {
    const before = Date.now();
    const line = sessionSetCookie(await apiLogin("sam", password))!;
    const attributes = line.split(";").map((part) => part.trim());
    expect(attributes).toEqual(expect.arrayContaining(["HttpOnly", "Secure", "SameSite=Lax", "Path=/"]));
    expect(attributes.some((part) => part.startsWith("Domain="))).toBe(false);
    // Signed: React Router appends an HMAC after the last dot.
    expect(decodeURIComponent(line.split(";")[0]!)).toMatch(/^__Host-session=[A-Za-z0-9+/=]+\.[A-Za-z0-9+/=]+$/);

    const expires = Date.parse(attributes.find((part) => part.startsWith("Expires="))!.slice("Expires=".length));
    // Expires has whole-second precision.
    expect(expires).toBeGreaterThanOrEqual(before + EIGHT_HOURS_MS - 1000);
    expect(expires).toBeLessThanOrEqual(Date.now() + EIGHT_HOURS_MS);
  });

  it("keeps the session data in KV with an expiration 8 hours after login", async () => {
    const before = Math.floor(Date.now() / 1000);
    const cookie = sessionCookie(await apiLogin("sam", password));
    const id = sessionIdOf(cookie);
    const stored = await env.SESSIONS.get<{ userId: string; issuedAt: number }>(id, "json");
    expect(stored?.userId).toEqual(expect.any(String));
    expect(stored?.issuedAt).toEqual(expect.any(Number));
    const { keys } = await env.SESSIONS.list();
    const expiration = keys.find((key) => key.name === id)?.expiration;
    expect(expiration).toBeGreaterThanOrEqual(before + EIGHT_HOURS_MS / 1000 - 1);
    expect(expiration).toBeLessThanOrEqual(Math.ceil(Date.now() / 1000) + EIGHT_HOURS_MS / 1000);
  });

  it("issues a new session id at login and destroys the one the browser brought", async () => {
    const first = sessionCookie(await apiLogin("sam", password));
    const second = sessionCookie(await pageLogin("sam", password, { cookie: first }));
    expect(sessionIdOf(second)).not.toBe(sessionIdOf(first));
    expect(await env.SESSIONS.get(sessionIdOf(first))).toBeNull();
    expect(await isAuthenticated(first)).toBe(false);
    expect(await isAuthenticated(second)).toBe(true);
  });

  it("does not adopt a session id planted before login", async () => {
    const planted = sessionCookie(await apiLogin("sam", password));
    await fetchWorker("/api/logout", { method: "POST", headers: { Cookie: planted } });
    const after = sessionCookie(await apiLogin("sam", password, { cookie: planted }));
    expect(sessionIdOf(after)).not.toBe(sessionIdOf(planted));
  });

  it("rejects the old cookie after logout and deletes its KV entry", async () => {
    const cookie = sessionCookie(await apiLogin("sam", password));
    expect(await isAuthenticated(cookie)).toBe(true);

    const response = await fetchWorker("/api/logout", { method: "POST", headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ success: true });
    expect(sessionSetCookie(response)).toMatch(/^__Host-session=;.*Expires=Thu, 01 Jan 1970/);

    expect(await env.SESSIONS.get(sessionIdOf(cookie))).toBeNull();
    expect(await isAuthenticated(cookie)).toBe(false);
    const inbox = await fetchWorker("/incoming", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(inbox.status).toBe(302);
  });

  it("logs out from the Logout form on /incoming with the 'Logged out' toast on /login", async () => {
    const cookie = sessionCookie(await apiLogin("sam", password));
    const response = await fetchWorker("/incoming", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/login");
    const toast = toastCookie(response);
    expect(await isAuthenticated(cookie)).toBe(false);

    const login = await fetchWorker("/login", { headers: { Cookie: toast } });
    const html = await login.text();
    expect(html).toContain("Logged out");
    expect(html).toContain("You have been successfully logged out");
  });

  it("accepts a session up to 8 hours old and rejects an older one even while KV still has it", async () => {
    const cookie = sessionCookie(await apiLogin("sam", password));
    const id = sessionIdOf(cookie);
    const stored = await env.SESSIONS.get<{ userId: string; issuedAt: number }>(id, "json");
    const issuedAgo = (ms: number) => env.SESSIONS.put(id, JSON.stringify({ ...stored, issuedAt: Date.now() - ms }));

    await issuedAgo(EIGHT_HOURS_MS - 60_000);
    expect(await isAuthenticated(cookie)).toBe(true);

    await issuedAgo(EIGHT_HOURS_MS + 1000);
    expect(await isAuthenticated(cookie)).toBe(false);
    const inbox = await fetchWorker("/incoming", { headers: { Cookie: cookie }, redirect: "manual" });
    expect(inbox.status).toBe(302);
    expect(inbox.headers.get("Location")).toBe("/login");
    expect(await env.SESSIONS.get(id)).toBeNull();
  });

  it("rejects a cookie whose signature does not match", async () => {
    const cookie = sessionCookie(await apiLogin("sam", password));
    const [name, value] = [
      cookie.slice(0, cookie.indexOf("=")),
      decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1)),
    ];
    const id = value.slice(0, value.lastIndexOf("."));
    const forged = `${name}=${encodeURIComponent(`${id}.${btoa("not the signature")}`)}`;
    expect(await isAuthenticated(forged)).toBe(false);
    expect(await isAuthenticated(`${name}=${encodeURIComponent(id)}`)).toBe(false);
  });

  it("ends the sessions of an account that is deleted", async () => {
    await createStaffUser("temp", password);
    const cookie = sessionCookie(await apiLogin("temp", password));
    await env.DB.prepare("delete from users where username = ?").bind("temp").run();
    expect(await isAuthenticated(cookie)).toBe(false);
  });

  it("ends the sessions that began before the password changed, and only those", async () => {
    await createStaffUser("pat", password);
    const before = sessionCookie(await apiLogin("pat", password));
    // What `npm run admin:password` writes along with the new hash (workerd's clock only moves
    // between I/O, so a millisecond on is surely after the login).
    const changedAt = Date.now() + 1;
    await env.DB.prepare("update users set password_changed_at = ? where username = ?").bind(changedAt, "pat").run();
    expect(await isAuthenticated(before)).toBe(false);

    while (Date.now() <= changedAt) await new Promise((resolve) => setTimeout(resolve, 1));
    const after = sessionCookie(await apiLogin("pat", password));
    expect(await isAuthenticated(after)).toBe(true);
  });
});
