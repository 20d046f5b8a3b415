// Requests to the Worker as browsers and API clients send them: the deployed Worker or one with
// some bindings or its clock replaced, form posts and JSON calls, cookies, and failing bindings.
import { createExecutionContext, env, waitOnExecutionContext } from "cloudflare:test";
import { expect } from "vitest";
import { createWorker } from "../../workers/app";
import { d1Sessions } from "./d1";

export const ORIGIN = "http://localhost";

/** How a test's request is handled, where it differs from the deployed Worker. */
export type WorkerOptions = {
  /** Bindings in place of the Worker's own (a D1 that fails, a rate limiter without a clock). */
  bindings?: Partial<Cloudflare.Env>;
  /** The time the Worker's clock reads for this request (the open-now line, the booking window). */
  at?: Date;
};

/**
 * The deployed Worker as this test file sees it. The files of one vitest worker share a runtime
 * (decision 056), so each file deploys afresh (test/setup.ts calls `deployForThisFile`): a Worker
 * whose isolate memory starts empty, under a version id of its own, so no page another file cached,
 * in memory or in the location's cache, is served to this one.
 */
let deployed = { worker: createWorker(), env };

export function deployForThisFile() {
  const version = { ...env.CF_VERSION_METADATA, id: crypto.randomUUID() };
  deployed = { worker: createWorker(), env: { ...env, CF_VERSION_METADATA: version } };
}

/** Sends a request to the Worker: as deployed, or with some bindings or its clock replaced. */
export async function fetchWorker(
  path: string,
  init: RequestInit = {},
  { bindings, at }: WorkerOptions = {},
): Promise<Response> {
  if (at) return workerAt(at).fetch(path, init, bindings);
  if (!bindings) return runWorker(deployed.worker, path, init, deployed.env);
  return runWorker(createWorker(), path, init, { ...deployed.env, ...bindings });
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
  { client, headers, sameOrigin = true, ...worker }: SendOptions & { sameOrigin?: boolean } = {},
) {
  return fetchWorker(
    path,
    {
      method: "POST",
      redirect: "manual",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        "CF-Connecting-IP": client ?? newClientAddress(),
        ...(sameOrigin ? { Origin: ORIGIN, "Sec-Fetch-Site": "same-origin" } : {}),
        ...headers,
      },
      body: new URLSearchParams(fields).toString(),
    },
    worker,
  );
}

/**
 * A form post the server refused, as a browser without JavaScript shows it: a 400 with the page again,
 * saying each of `shown` (the messages, what the visitor typed). Returns the page's HTML for the rest.
 */
export async function refusedPage(response: Response, shown: readonly string[]): Promise<string> {
  expect(response.status).toBe(400);
  const html = await response.text();
  for (const text of shown) expect(html).toContain(text);
  return html;
}

/** What every answer in `expectEachAnswered` must be: its status, and these headers' values. */
export type ExpectedAnswer<Case> = {
  status: number;
  headers?: Record<string, string>;
  /** How a failure names the case (the case itself when it is a string). */
  label?: (which: Case) => string;
};

/**
 * Sends one request per case (a method, a path, a bad value) and expects each to be answered with
 * the same status and headers, a failure naming its case; `more` checks the rest of each answer.
 */
export async function expectEachAnswered<Case>(
  cases: readonly Case[],
  send: (which: Case) => Promise<Response>,
  { status, headers = {}, label = String }: ExpectedAnswer<Case>,
  more?: (response: Response, which: Case) => unknown,
): Promise<void> {
  for (const which of cases) {
    const response = await send(which);
    const name = label(which);
    expect(response.status, name).toBe(status);
    for (const [header, value] of Object.entries(headers)) expect(response.headers.get(header), name).toBe(value);
    await more?.(response, which);
  }
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
  return d1Sessions(() => ({ prepare: () => statement, batch: outage }));
}
