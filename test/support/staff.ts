// Staff accounts and sessions: members made straight in D1, sign-ins through the API and the login
// page, the session cookie, and staff API calls.
import { env } from "cloudflare:test";
import { decodeBase64 } from "@oslojs/encoding";
import { beforeAll } from "vitest";
import { hashPassword } from "~/features/sign-in/server/password.server";
import { SESSION_COOKIE_NAME } from "~/features/sign-in/server/session.server";
import { TOAST_COOKIE_NAME } from "~/http/toast.server";
import type { StaffRole } from "~/http/staff-roles";
import { cookieFrom, fetchWorker, newClientAddress, ORIGIN, postForm, setCookieLine } from "./http";

// Each password is hashed once per vitest worker (its files share a runtime, decision 056): scrypt is
// the slow part of making an account, and most files make theirs with the same few passwords. What
// hashing itself must do is tested in test/sign-in/password.test.ts, not through these accounts.
// The hash itself is kept, not its promise: workerd does not let one test's request await a promise
// that another's made.
const hashes = new Map<string, string>();

/** Creates a staff account (an owner, as `npm run admin:create` makes by default); returns its id. */
export async function createStaffUser(
  username: string,
  password: string,
  role: StaffRole = "owner",
  id: string = crypto.randomUUID(),
): Promise<string> {
  const hash = hashes.get(password) ?? (await hashPassword(password));
  hashes.set(password, hash);
  await env.DB.prepare("insert into users (id, username, password, role) values (?, ?, ?, ?)")
    .bind(id, username, hash, role)
    .run();
  return id;
}

/** `at`: the Worker's clock for the sign-in, when the test pins the time its later requests run at. */
type LoginOptions = { client?: string; cookie?: string; at?: Date };

function loginHeaders({ client, cookie: sent }: LoginOptions, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "CF-Connecting-IP": client ?? newClientAddress(), ...extra });
  if (sent) headers.set("Cookie", sent);
  return headers;
}

/** Signs in through POST /api/login. */
export function apiLogin(username: string, password: string, options: LoginOptions = {}) {
  return fetchWorker(
    "/api/login",
    {
      method: "POST",
      headers: loginHeaders(options, { "Content-Type": "application/json" }),
      body: JSON.stringify({ username, password }),
    },
    { at: options.at },
  );
}

/** Signs in through the login page's form, without JavaScript. */
export function pageLogin(username: string, password: string, options: LoginOptions = {}) {
  return fetchWorker("/login", {
    method: "POST",
    headers: loginHeaders(options),
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
}

/**
 * "Forgot password?" as the login page's form posts it without JavaScript. No Origin: tests that
 * set SITE_URL send their requests to localhost while SITE_URL names the shop's domain, and a page
 * action refuses an Origin other than the URL's own (a browser sends none here anyway).
 */
export function askForPasswordReset(
  account: string,
  { client, bindings }: { client?: string; bindings?: Partial<Env> } = {},
) {
  return postForm("/login/reset", { account }, { client, bindings, sameOrigin: false });
}

/** "name=value" of the toast cookie an action queues its message in. */
export const toastCookie = (response: Response) => cookieFrom(response, TOAST_COOKIE_NAME);

/** The session cookie's Set-Cookie line, if the response sets one. */
export const sessionSetCookie = (response: Response) => setCookieLine(response, SESSION_COOKIE_NAME);

/** "name=value" of the session cookie, as a browser sends it back. */
export const sessionCookie = (response: Response) => cookieFrom(response, SESSION_COOKIE_NAME);

/** The KV key inside a signed session cookie (React Router encodes the id as base64 JSON). */
export function sessionIdOf(sessionCookieValue: string): string {
  const value = decodeURIComponent(sessionCookieValue.slice(sessionCookieValue.indexOf("=") + 1));
  return JSON.parse(new TextDecoder().decode(decodeBase64(value.slice(0, value.lastIndexOf("."))))) as string;
}

/** Whether the Worker takes this cookie for a signed-in staff member. */
export async function isAuthenticated(sessionCookieValue: string): Promise<boolean> {
  const response = await fetchWorker("/api/auth/status", { headers: { Cookie: sessionCookieValue } });
  const body: { authenticated: boolean } = await response.json();
  return body.authenticated;
}

/** The password `staffSessionCookie` gives the accounts it makes. */
const passwordOf = (username: string) => `${username} has a long enough password`;

/**
 * A staff account (an owner unless `role` says otherwise) and a signed-in session for it: the
 * Cookie header value. `at`: the Worker's clock for the sign-in, as in `apiLogin`.
 */
export async function staffSessionCookie(
  username: string,
  { role, at }: { role?: StaffRole; at?: Date } = {},
): Promise<string> {
  await createStaffUser(username, passwordOf(username), role);
  return signInAgain(username, { at });
}

/**
 * An owner's and a staff member's session cookies (the accounts `<name>-owner` and `<name>-staff`),
 * signed in before the file's tests; `at`: the Worker's clock for the sign-ins.
 */
export function ownerAndStaff(name: string, { at }: { at?: Date } = {}) {
  const sessions = { owner: "", staff: "" };
  beforeAll(async () => {
    sessions.owner = await staffSessionCookie(`${name}-owner`, { role: "owner", at });
    sessions.staff = await staffSessionCookie(`${name}-staff`, { role: "staff", at });
  }, 60_000);
  return sessions;
}

/** Another session for a member `staffSessionCookie` made, signed in at `at` (or now). */
export async function signInAgain(username: string, { at }: { at?: Date } = {}): Promise<string> {
  return sessionCookie(await apiLogin(username, passwordOf(username), { at }));
}

/** A staff JSON API call with a session (and, for writes, the site's own Origin, as a browser sends it). */
export function staffApi(cookie: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return fetchWorker(path, { ...init, headers });
}

/**
 * A plain form post from a staff page, as a browser without JavaScript sends it (`at`: a pinned
 * clock; `bindings`: some of the Worker's bindings replaced, such as a recording queue).
 */
export function postStaffForm(
  cookie: string,
  path: string,
  fields: Record<string, string>,
  { at, bindings, headers }: { at?: Date; bindings?: Partial<Env>; headers?: Record<string, string> } = {},
) {
  return fetchWorker(
    path,
    {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: cookie,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "CF-Connecting-IP": newClientAddress(),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    },
    { at, bindings },
  );
}
