// What the Worker tests share: requests as browsers and API clients send them, sample submissions,
// staff accounts and sessions, and the Worker run with some of its bindings replaced.
import { createExecutionContext, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { hashPassword } from "~/server/password.server";
import { SESSION_COOKIE_NAME } from "~/server/session.server";
import { TOAST_COOKIE_NAME } from "~/server/toast.server";
import { createWorker } from "../workers/app";

export const ORIGIN = "http://localhost";

/** How a test's request is handled, where it differs from the deployed Worker. */
export type WorkerOptions = {
  /** Bindings in place of the Worker's own (a D1 that fails, a rate limiter without a clock). */
  bindings?: Partial<Cloudflare.Env>;
  /** The time the Worker's clock reads for this request (the open-now line, the booking window). */
  at?: Date;
};

/** Sends a request to the Worker: as deployed, or with some bindings or its clock replaced. */
export async function fetchWorker(
  path: string,
  init: RequestInit = {},
  { bindings, at }: WorkerOptions = {},
): Promise<Response> {
  if (at) return workerAt(at).fetch(path, init, bindings);
  if (!bindings) return SELF.fetch(`${ORIGIN}${path}`, init);
  return runWorker(createWorker(), path, init, { ...env, ...bindings });
}

async function runWorker(
  worker: ReturnType<typeof createWorker>,
  path: string,
  init: RequestInit,
  bindings: Cloudflare.Env,
) {
  // The runtime would add the client's `cf` properties to an incoming request; the Worker reads none.
  const request = new Request(`${ORIGIN}${path}`, init) as Request<unknown, IncomingRequestCfProperties>;
  const ctx = createExecutionContext();
  const response = await worker.fetch(request, bindings, ctx);
  await waitOnExecutionContext(ctx);
  return response;
}

/**
 * A Worker of its own whose clock reads what the test sets, as an isolate started at `start`
 * would be: its page cache's memory starts empty, and it keeps pages there only (the location's
 * shared cache holds renderings made at other times, real or pinned).
 */
export function workerAt(start: Date) {
  let now = start;
  const worker = createWorker({ now: () => now });
  return {
    setTime(instant: Date) {
      now = instant;
    },
    fetch(path: string, init: RequestInit = {}, bindings?: Partial<Cloudflare.Env>) {
      return runWorker(worker, path, init, { ...env, PAGE_CACHE_STORE: "isolate", ...bindings });
    },
  };
}

let clientCounter = 0;
const fileSegment = crypto.randomUUID().slice(0, 4);
/**
 * A client address no other call gets (documentation range, random per test file): rate limits and
 * login throttling count per client, so one test's requests never count against another's. Each is
 * in a /64 of its own, since that is what the Worker counts an IPv6 client by. Locally the runtime
 * keeps the CF-Connecting-IP header a request brings.
 */
export function newClientAddress(): string {
  clientCounter += 1;
  return `2001:db8:${fileSegment}:${clientCounter.toString(16)}::1`;
}
/** An email address no other submission uses, to find a test's own rows. */
export const uniqueEmail = () => `visitor-${crypto.randomUUID()}@example.com`;

/** What a visitor fills into the contact form. */
export const validContact = () => ({
  firstName: "Maria",
  lastName: "Santos",
  email: "maria.santos@example.com",
  phone: "(410) 555-0147",
  message: "My 2016 Honda Accord's brakes squeal when I stop. Can you take a look this week?",
});

/** What a visitor fills into the service request form. */
export const validServiceRequest = () => ({
  firstName: "James",
  lastName: "Okafor",
  email: "james.okafor@example.com",
  phone: "410-555-0163",
  service: "brake-service",
  message: "2019 Toyota RAV4, grinding noise from the front left wheel.",
});

type SendOptions = WorkerOptions & { client?: string; headers?: HeadersInit };

/** A JSON API call; a string body is sent as it is (malformed JSON, say). */
export function postJson(path: string, body: unknown, { client, headers, ...worker }: SendOptions = {}) {
  return fetchWorker(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": client ?? newClientAddress(), ...headers },
      body: typeof body === "string" ? body : JSON.stringify(body),
    },
    worker,
  );
}

/** A plain HTML form post from the site's own page, as a browser without JavaScript sends it. */
export function postForm(
  path: string,
  fields: Record<string, string>,
  { client, headers, ...worker }: SendOptions = {},
) {
  return fetchWorker(
    path,
    {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": client ?? newClientAddress(),
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    },
    worker,
  );
}

/** The rows a submission table holds for one email address. */
export async function storedRows(table: "contact_submissions" | "service_requests", email: string) {
  const { results } = await env.DB.prepare(`select * from ${table} where email = ?`).bind(email).all();
  return results;
}

/** The submission id a page gave its form, as a browser reads it from the HTML. */
export function formSubmissionId(html: string): string {
  const id = /name="submissionId" value="([^"]+)"/.exec(html)?.[1];
  if (!id) throw new Error("No submission id in the page");
  return id;
}

/** The nonce of a response's Content-Security-Policy. */
export function cspNonce(response: Response): string {
  const nonce = /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];
  if (!nonce) throw new Error("No nonce in the Content-Security-Policy");
  return nonce;
}

/** The Set-Cookie line for one cookie, if the response sets it. */
export function setCookieLine(response: Response, name: string): string | undefined {
  return response.headers.getSetCookie().find((line) => line.startsWith(`${name}=`));
}

/** "name=value" of a cookie the response sets, as a browser sends it back. */
export function cookieFrom(response: Response, name: string): string {
  const line = setCookieLine(response, name);
  if (!line) throw new Error(`No ${name} cookie in the ${response.status} response`);
  return line.split(";")[0]!;
}

/**
 * A rate limiter with the platform binding's interface and no clock: each key may pass `limit`
 * times, then is refused. The local limiter counts per wall-clock minute, so a test reaching its
 * limit could straddle a minute and never see the refusal.
 */
export function rateLimiterAllowing(limit: number): RateLimit {
  const counts = new Map<string, number>();
  return {
    limit({ key }) {
      const count = (counts.get(key) ?? 0) + 1;
      counts.set(key, count);
      return Promise.resolve({ success: count <= limit });
    },
  };
}

/** A D1 binding whose every query fails, as when the database cannot be reached. */
export function unreachableD1(): D1Database {
  const outage = () => Promise.reject(new Error("D1_ERROR: Network connection lost."));
  const statement: D1PreparedStatement = new Proxy(env.DB.prepare("select 1"), {
    get: (_, property) => (property === "bind" ? () => statement : outage),
  });
  return new Proxy(env.DB, { get: (_, property) => (property === "prepare" ? () => statement : outage) });
}

// Staff accounts and sessions.

/** Creates a staff account the way `npm run admin:create` does; returns its id. */
export async function createStaffUser(username: string, password: string): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into users (id, username, password) values (?, ?, ?)")
    .bind(id, username, await hashPassword(password))
    .run();
  return id;
}

type LoginOptions = { client?: string; cookie?: string };

function loginHeaders({ client, cookie: sent }: LoginOptions, extra: Record<string, string> = {}): Headers {
  const headers = new Headers({ "CF-Connecting-IP": client ?? newClientAddress(), ...extra });
  if (sent) headers.set("Cookie", sent);
  return headers;
}

/** Signs in through POST /api/login. */
export function apiLogin(username: string, password: string, options: LoginOptions = {}) {
  return fetchWorker("/api/login", {
    method: "POST",
    headers: loginHeaders(options, { "Content-Type": "application/json" }),
    body: JSON.stringify({ username, password }),
  });
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

/** "name=value" of the toast cookie an action queues its message in. */
export const toastCookie = (response: Response) => cookieFrom(response, TOAST_COOKIE_NAME);

/** The session cookie's Set-Cookie line, if the response sets one. */
export const sessionSetCookie = (response: Response) => setCookieLine(response, SESSION_COOKIE_NAME);

/** "name=value" of the session cookie, as a browser sends it back. */
export const sessionCookie = (response: Response) => cookieFrom(response, SESSION_COOKIE_NAME);

/** The KV key inside a signed session cookie (React Router encodes the id as base64 JSON). */
export function sessionIdOf(sessionCookieValue: string): string {
  const value = decodeURIComponent(sessionCookieValue.slice(sessionCookieValue.indexOf("=") + 1));
  return JSON.parse(atob(value.slice(0, value.lastIndexOf(".")))) as string;
}

/** Whether the Worker takes this cookie for a signed-in staff member. */
export async function isAuthenticated(sessionCookieValue: string): Promise<boolean> {
  const response = await fetchWorker("/api/auth/status", { headers: { Cookie: sessionCookieValue } });
  const body: { authenticated: boolean } = await response.json();
  return body.authenticated;
}

/** A staff account and a signed-in session for it: the Cookie header value. */
export async function staffSessionCookie(username: string): Promise<string> {
  const password = `${username} has a long enough password`;
  await createStaffUser(username, password);
  return sessionCookie(await apiLogin(username, password));
}

// Inbox records, written straight to D1 as the forms would have stored them (any time, any status).

export type InboxKindName = "contact" | "serviceRequest";

export type InboxRow = {
  id?: string;
  firstName?: string;
  lastName?: string;
  email?: string;
  phone?: string;
  service?: string;
  message?: string;
  submittedAt?: number;
  status?: "new" | "contacted" | "closed" | "spam";
  spamReason?: "honeypot" | "links" | "staff" | null;
};

export const inboxTable = (kind: InboxKindName) => (kind === "contact" ? "contact_submissions" : "service_requests");

/** Stores records of one kind; returns their ids, in the order given. */
export async function insertInboxRecords(kind: InboxKindName, rows: InboxRow[]): Promise<string[]> {
  const ids = rows.map((row) => row.id ?? crypto.randomUUID());
  const columns = "id, first_name, last_name, email, phone, message, submitted_at, status, spam_reason";
  const statements = rows.map((row, index) => {
    const status = row.status ?? "new";
    const values = [
      ids[index]!,
      row.firstName ?? "Pat",
      row.lastName ?? "Example",
      row.email ?? uniqueEmail(),
      row.phone ?? "(410) 555-0100",
      row.message ?? "Please call me back about my car.",
      row.submittedAt ?? Date.now(),
      status,
      row.spamReason === undefined ? (status === "spam" ? "links" : null) : row.spamReason,
    ];
    return kind === "contact"
      ? env.DB.prepare(`insert into contact_submissions (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
          ...values,
        )
      : env.DB.prepare(`insert into service_requests (${columns}, service) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
          ...values,
          row.service ?? "oil-change",
        );
  });
  for (let start = 0; start < statements.length; start += 500) await env.DB.batch(statements.slice(start, start + 500));
  return ids;
}

/** A staff JSON API call with a session (and, for writes, the site's own Origin, as a browser sends it). */
export function staffApi(cookie: string, path: string, init: RequestInit = {}) {
  const headers = new Headers(init.headers);
  headers.set("Cookie", cookie);
  if (init.body !== undefined && !headers.has("Content-Type")) headers.set("Content-Type", "application/json");
  return fetchWorker(path, { ...init, headers });
}
