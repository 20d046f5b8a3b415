import { retryWhenBusy } from "./busy-retry.server";

// D1 read replication (docs/decisions/068-every-d1-read-through-a-session.md): D1 serves a query from
// a replica near the Worker only inside a session (the Sessions API), and a session starts from the
// primary, from any replica, or from a bookmark (a point in the database's history the replica must
// have reached). One place opens it for each request, queue batch, Cron Trigger and incoming email
// (app/db/request-session.server.ts); everything else gets the session as `env.DB`.

/**
 * What every module reads and writes D1 through: a session's statements and batches. It has no
 * `withSession` (a module cannot open a session of its own, looser than its request's) and no
 * `exec` (which a session does not have either).
 */
export type D1Session = Pick<D1DatabaseSession, "prepare" | "batch">;

/**
 * Where a session's first query goes: to the primary (and every later one to a replica at least as
 * new), to whichever replica answers first, or to a replica that has reached a bookmark.
 */
export type SessionStart = D1SessionConstraint | { bookmark: string };

export type OpenedSession = {
  database: D1Session;
  /** The newest point of the database this session has seen, for the next request to start from. */
  bookmark(): string | null;
};

/** The one call to `withSession`: test/architecture/d1-sessions.test.ts fails on any other. */
export function openD1Session(binding: D1Database, start: SessionStart): OpenedSession {
  const session = binding.withSession(typeof start === "string" ? start : start.bookmark);
  return {
    // Run again while the local file is locked by another process (decision 055).
    database: retryWhenBusy<D1Session>(session),
    bookmark: () => session.getBookmark(),
  };
}
