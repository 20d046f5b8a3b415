import { env, SELF } from "cloudflare:test";
import { SESSION_COOKIE_NAME } from "~/server/session.server";
import { hashPassword } from "~/server/password.server";

export const ORIGIN = "http://localhost";

let clientCounter = 0;
/** A distinct client address per call, so throttling in one test does not leak into another. */
export function newClientAddress(): string {
  clientCounter += 1;
  return `203.0.113.${clientCounter}`;
}

export async function createStaffUser(username: string, password: string): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into users (id, username, password) values (?, ?, ?)")
    .bind(id, username, await hashPassword(password))
    .run();
  return id;
}

export function apiLogin(username: string, password: string, init: { client?: string; cookie?: string } = {}) {
  const headers = new Headers({
    "Content-Type": "application/json",
    "CF-Connecting-IP": init.client ?? newClientAddress(),
  });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return SELF.fetch(`${ORIGIN}/api/login`, { method: "POST", headers, body: JSON.stringify({ username, password }) });
}

export function pageLogin(username: string, password: string, init: { client?: string; cookie?: string } = {}) {
  const headers = new Headers({ "CF-Connecting-IP": init.client ?? newClientAddress() });
  if (init.cookie) headers.set("Cookie", init.cookie);
  return SELF.fetch(`${ORIGIN}/login`, {
    method: "POST",
    headers,
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
}

/** The session cookie's Set-Cookie line from a response, if any. */
export function sessionSetCookie(response: Response): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${SESSION_COOKIE_NAME}=`));
}

/** "name=value" of the session cookie, as a browser would send it back. */
export function sessionCookie(response: Response): string {
  const line = sessionSetCookie(response);
  if (!line) throw new Error(`No session cookie in ${response.status} response`);
  return line.split(";")[0]!;
}

/** The KV key inside a signed session cookie (React Router encodes the id as base64 JSON). */
export function sessionIdOf(cookie: string): string {
  const value = decodeURIComponent(cookie.slice(cookie.indexOf("=") + 1));
  return JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
}

export async function isAuthenticated(cookie: string): Promise<boolean> {
  const response = await SELF.fetch(`${ORIGIN}/api/auth/status`, { headers: { Cookie: cookie } });
  const body: { authenticated: boolean } = await response.json();
  return body.authenticated;
}
