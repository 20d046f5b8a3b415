import { openD1Session, type SessionStart } from "./session.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";
import { isStaffPath } from "~/private-paths";
import type { AppEnv, WorkerBindings } from "~/http/env.server";

// The one place a D1 session is opened (docs/decisions/068-every-d1-read-through-a-session.md):
// each request gets one, chosen by who asks and what for, and carries it as `env.DB` everywhere.
//
// - A write (any method but GET and HEAD) and a member's request start at the primary: what they
//   read decides what they write, and a member reads back at once what the team just changed.
// - Anyone else's read (the openings, a page the cache did not have, the customer's pages) starts
//   at whichever replica answers first: it may be a few seconds behind, as the page cache already is.
// - Right after someone's own write, their requests start at the bookmark that write left: a
//   replica at least that new, so the visitor who just booked sees the booking. The bookmark rides
//   in a signed cookie, set on members' and writes' responses only (public pages stay cookie-free
//   and cacheable), and taken off the request before anything else sees it, so the page cache
//   serves a visitor who carries one like any other. A bookmark we did not sign starts at the primary.

export const BOOKMARK_COOKIE_NAME = "__Host-d1-bookmark";

// Long enough for any replica to catch up (D1's lag is seconds), short enough that a visitor who
// wrote once is soon back on the nearest replica. Every member's request renews it.
export const BOOKMARK_MAX_AGE_SECONDS = 5 * 60;

// D1's bookmarks are hexadecimal fields joined by dashes (all zeros locally, where there are no replicas).
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){0,7}$/i;

const bookmarkCookie = (env: WorkerBindings) =>
  signedHostCookie(BOOKMARK_COOKIE_NAME, env, { sameSite: "lax", maxAge: BOOKMARK_MAX_AGE_SECONDS });

/** Who asks and what for, which decides where the request's session starts. */
export type RequestKind = "write" | "member" | "public-read";

/** The bookmark a request carries: none, one we signed, or a cookie we cannot trust. */
export type CarriedBookmark = { status: "none" } | { status: "signed"; bookmark: string } | { status: "refused" };

/** Where a request's session starts: a signed bookmark wins; a refused one, a write or a member take the primary. */
export function sessionStartFor(kind: RequestKind, carried: CarriedBookmark): SessionStart {
  if (carried.status === "signed") return { bookmark: carried.bookmark };
  if (carried.status === "refused" || kind !== "public-read") return "first-primary";
  return "first-unconstrained";
}

const cookiePairs = (request: Request) =>
  (request.headers.get("Cookie") ?? "")
    .split(";")
    .map((pair) => pair.trim())
    .filter(Boolean);

/** Whether the request sends a cookie of that name (its value unread). */
export function carriesCookie(request: Request, name: string): boolean {
  return cookiePairs(request).some((pair) => pair.startsWith(`${name}=`));
}

function requestKind(request: Request, memberCookie: string): RequestKind {
  if (request.method !== "GET" && request.method !== "HEAD") return "write";
  if (isStaffPath(new URL(request.url).pathname) || carriesCookie(request, memberCookie)) return "member";
  return "public-read";
}

async function carriedBookmark(request: Request, env: WorkerBindings): Promise<CarriedBookmark> {
  if (!carriesCookie(request, BOOKMARK_COOKIE_NAME)) return { status: "none" };
  // null when the signature does not verify under any of the cookie's keys.
  const value: unknown = await (await bookmarkCookie(env)).parse(request.headers.get("Cookie"));
  return typeof value === "string" && BOOKMARK.test(value)
    ? { status: "signed", bookmark: value }
    : { status: "refused" };
}

/** The request without the bookmark cookie: the routes never read it, and the page cache must not see it. */
function withoutBookmarkCookie(request: Request): Request {
  if (!carriesCookie(request, BOOKMARK_COOKIE_NAME)) return request;
  const others = cookiePairs(request).filter((pair) => !pair.startsWith(`${BOOKMARK_COOKIE_NAME}=`));
  const headers = new Headers(request.headers);
  if (others.length > 0) headers.set("Cookie", others.join("; "));
  else headers.delete("Cookie");
  return new Request(request, { headers });
}

export type RequestDatabase = {
  /** The bindings with `DB` this request's session. */
  env: AppEnv;
  /** The request as the routes and the page cache get it: without the bookmark cookie. */
  request: Request;
  /** Sets the bookmark cookie on a member's or a write's response, where the session has one. */
  keepBookmark(response: Response): Promise<void>;
};

/**
 * Opens the request's session. `memberCookie` is the signed-in member's cookie: a request that
 * carries it reads as a member (its value is checked by the staff gates, not here; a forged one
 * only gets the primary).
 */
export async function openRequestDatabase(
  request: Request,
  bindings: WorkerBindings,
  { memberCookie }: { memberCookie: string },
): Promise<RequestDatabase> {
  const kind = requestKind(request, memberCookie);
  const carried = await carriedBookmark(request, bindings);
  const session = openD1Session(bindings.DB, sessionStartFor(kind, carried));
  return {
    env: { ...bindings, DB: session.database },
    request: withoutBookmarkCookie(request),
    async keepBookmark(response) {
      if (kind === "public-read") return;
      // Locally, and in a session that ran no query, D1 may have no bookmark to give.
      const bookmark = session.bookmark() ?? (carried.status === "signed" ? carried.bookmark : null);
      if (bookmark === null || !BOOKMARK.test(bookmark)) return;
      response.headers.append("Set-Cookie", await (await bookmarkCookie(bindings)).serialize(bookmark));
    },
  };
}

/** The session of a queue batch, a Cron Trigger or an incoming email: they write, so they start at the primary. */
export function openBackgroundDatabase(bindings: WorkerBindings): AppEnv {
  return { ...bindings, DB: openD1Session(bindings.DB, "first-primary").database };
}
