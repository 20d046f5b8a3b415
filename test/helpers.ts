// What the Worker tests share: requests as browsers and API clients send them, sample submissions,
// staff accounts and sessions, and the Worker run with some of its bindings replaced.
import { createExecutionContext, createScheduledController, env, SELF, waitOnExecutionContext } from "cloudflare:test";
import { hashPassword } from "~/server/auth/password.server";
import { SESSION_COOKIE_NAME } from "~/server/auth/session.server";
import { TOAST_COOKIE_NAME } from "~/server/http/toast.server";
import { type InboxKind, inboxKinds } from "~/inbox/kinds";
import type { StaffRole } from "~/staff/roles";
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
  const worker = createWorker({ now: () => now, sharedPageCache: false });
  return {
    setTime(instant: Date) {
      now = instant;
    },
    fetch(path: string, init: RequestInit = {}, bindings?: Partial<Cloudflare.Env>) {
      return runWorker(worker, path, init, { ...env, ...bindings });
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

/** Creates a staff account (an owner, as `npm run admin:create` makes by default); returns its id. */
export async function createStaffUser(username: string, password: string, role: StaffRole = "owner"): Promise<string> {
  const id = crypto.randomUUID();
  await env.DB.prepare("insert into users (id, username, password, role) values (?, ?, ?, ?)")
    .bind(id, username, await hashPassword(password), role)
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

export type InboxKindName = InboxKind;

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

export const inboxTable = (kind: InboxKindName) => inboxKinds[kind].tableName;

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
      ? env.DB.prepare(`insert into ${inboxTable(kind)} (${columns}) values (?, ?, ?, ?, ?, ?, ?, ?, ?)`).bind(
          ...values,
        )
      : env.DB.prepare(
          `insert into ${inboxTable(kind)} (${columns}, service) values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
        ).bind(...values, row.service ?? "oil-change");
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

// Mail, as a mail client reads it.

/** One message as a strict reader sees it: headers (encoded words decoded) and the decoded parts. */
export type ReadMail = {
  /** Every header line, unfolded, in order: [lowercased name, decoded value]. */
  headers: [string, string][];
  header: (name: string) => string | undefined;
  text: string;
  html: string;
};

const utf8 = new TextDecoder("utf-8", { fatal: true });
const fromBase64 = (data: string) =>
  utf8.decode(Uint8Array.from(atob(data.replace(/\s+/g, "")), (c) => c.charCodeAt(0)));
const decodeWords = (value: string) =>
  value.replace(/=\?utf-8\?B\?([A-Za-z0-9+/=]*)\?=/gi, (_, data: string) => fromBase64(data));

function readHeaderBlock(block: string): [string, string][] {
  return block
    .replace(/\r\n(?=[ \t])/g, "")
    .split("\r\n")
    .map((line) => {
      const match = /^([!-9;-~]+):[ \t]*(.*)$/.exec(line);
      if (!match) throw new Error(`Not a header line: ${JSON.stringify(line)}`);
      return [match[1]!.toLowerCase(), decodeWords(match[2]!)];
    });
}

/**
 * Reads a raw message strictly (RFC 5322 line ends, one header per line, a multipart/alternative
 * body of base64 text and HTML parts), independently of the library that wrote it.
 */
export function readMail(raw: string): ReadMail {
  if (/(?<!\r)\n|\r(?!\n)/.test(raw)) throw new Error("A bare CR or LF in the message");
  if (raw.split("\r\n").some((line) => line.length > 998)) throw new Error("A line longer than 998 characters");
  const split = raw.indexOf("\r\n\r\n");
  const headers = readHeaderBlock(raw.slice(0, split));
  const header = (name: string) => headers.find(([key]) => key === name.toLowerCase())?.[1];
  const boundary = /^multipart\/alternative; boundary="?([^";]+)"?$/.exec(header("content-type") ?? "")?.[1];
  if (!boundary) throw new Error(`Not multipart/alternative: ${header("content-type")}`);
  const parts = raw
    .slice(split + 4)
    .split(`--${boundary}`)
    .slice(1, -1)
    .map((part) => {
      const body = part.replace(/^\r\n/, "");
      const end = body.indexOf("\r\n\r\n");
      const partHeaders = new Map(readHeaderBlock(body.slice(0, end)));
      if (partHeaders.get("content-transfer-encoding") !== "base64") throw new Error("A part that is not base64");
      return { type: partHeaders.get("content-type") ?? "", content: fromBase64(body.slice(end + 4)) };
    });
  const part = (type: string) => parts.find((candidate) => candidate.type.startsWith(type))?.content ?? "";
  return { headers, header, text: part("text/plain"), html: part("text/html") };
}

// The notification pipeline with its platform bindings replaced: a queue that keeps what is sent
// to it, a mail binding that keeps (or refuses) what it is given, and the Worker's own `queue`
// handler run on what the queue kept.

/** A NOTIFY_QUEUE that keeps every message body sent to it, for `deliverQueued`. */
export function recordingQueue(): Queue & { bodies: unknown[] } {
  const bodies: unknown[] = [];
  const sent: QueueSendResponse = { metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } } };
  return {
    bodies,
    send(body) {
      bodies.push(body);
      return Promise.resolve(sent);
    },
    sendBatch(messages) {
      for (const message of messages) bodies.push(message.body);
      return Promise.resolve(sent);
    },
    metrics: () => Promise.resolve({ backlogCount: bodies.length, backlogBytes: 0 }),
  };
}

// The local emulator's EmailMessage is a plain object holding the raw message under this key.
const EMULATED_RAW_KEY = "EmailMessage::raw";

export type SentMail = { from: string; to: string; raw: string; mail: ReadMail };

/**
 * A NOTIFY_EMAIL binding that keeps each message it accepts, after the local emulator's own
 * binding has accepted it too (it parses the message and checks its From and Message-ID). With
 * `failing`, the calls it names (1 = the first call) throw as the mail service would.
 */
export function recordingMailer({ failing = () => false }: { failing?: (call: number) => boolean } = {}) {
  const sent: SentMail[] = [];
  let calls = 0;
  const binding: SendEmail = {
    async send(message: EmailMessage | EmailMessageBuilder) {
      calls += 1;
      if (failing(calls)) throw new Error("Mail service unavailable (test)");
      const raw: unknown = Reflect.get(message, EMULATED_RAW_KEY);
      if (typeof raw !== "string") throw new Error("Expected a raw EmailMessage from cloudflare:email");
      const email = message as EmailMessage;
      const result = await env.NOTIFY_EMAIL.send(email);
      sent.push({ from: email.from, to: email.to, raw, mail: readMail(raw) });
      return result;
    },
  };
  return { binding, sent, calls: () => calls };
}

type QueuedMessage = { body: unknown; attempts: number };

// The Worker whose `queue` and `scheduled` handlers the notification tests run.
const worker = createWorker();

/**
 * A batch as the platform hands it to the `queue` handler, recording what the handler decides
 * for each message (the pool's own getQueueResult does not report a retry's delay).
 */
function recordingBatch(queueName: string, queued: readonly QueuedMessage[]) {
  const outcomes = new Map<string, { acked: boolean; retryDelaySeconds?: number }>();
  const messages: Message[] = queued.map(({ body, attempts }, index) => {
    const id = `message-${index}`;
    return {
      id,
      timestamp: new Date(),
      body,
      attempts,
      ack: () => void outcomes.set(id, { acked: true }),
      retry: (options?: QueueRetryOptions) =>
        void outcomes.set(id, { acked: false, retryDelaySeconds: options?.delaySeconds }),
    };
  });
  const batch: MessageBatch = {
    queue: queueName,
    messages,
    metadata: { metrics: { backlogCount: 0, backlogBytes: 0 } },
    ackAll: () => messages.forEach((message) => message.ack()),
    retryAll: (options) => messages.forEach((message) => message.retry(options)),
  };
  return { batch, outcomes };
}

/**
 * Runs the Worker's `queue` handler on the bodies a recording queue kept, as the platform would:
 * a message the handler retries is delivered again (attempts + 1, its delay not waited for) until
 * every one is acked or `rounds` have passed. Returns each round's retry delays, in seconds.
 */
export async function deliverQueued(queue: ReturnType<typeof recordingQueue>, bindings: Partial<Env>, rounds = 10) {
  let pending: QueuedMessage[] = queue.bodies.splice(0).map((body) => ({ body, attempts: 1 }));
  const retryDelays: (number | undefined)[][] = [];
  for (let round = 0; round < rounds && pending.length > 0; round++) {
    const { batch, outcomes } = recordingBatch("pikesville-auto-repair-notifications", pending);
    await worker.queue(batch, { ...env, ...bindings });
    const retried = pending.filter((_, index) => outcomes.get(`message-${index}`)?.acked !== true);
    retryDelays.push(
      [...outcomes.values()].filter((outcome) => !outcome.acked).map((outcome) => outcome.retryDelaySeconds),
    );
    pending = retried.map(({ body, attempts }) => ({ body, attempts: attempts + 1 }));
    // Anything enqueued meanwhile is delivered in the next round.
    pending.push(...queue.bodies.splice(0).map((body) => ({ body, attempts: 1 })));
  }
  return { retryDelays, undelivered: pending.length };
}

/** Runs the Worker's `scheduled` handler for one Cron Trigger at `scheduledTime`. */
export async function runCron(cron: string, scheduledTime: Date, bindings: Partial<Env> = {}) {
  await worker.scheduled(createScheduledController({ cron, scheduledTime }), { ...env, ...bindings });
}
