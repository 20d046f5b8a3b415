// The local D1 database is a SQLite file that other processes open too: `wrangler d1 execute`
// behind `npm run admin:create`, the browser tests' set-up and the bench's seeding. workerd gives
// SQLite no busy timeout, so a statement that meets another process's write fails at once with
// SQLITE_BUSY: a visitor's form answered 503, a staff member's check page 500 (decision 055).
// A statement or batch refused as busy changed nothing (SQLite takes the lock before writing, and a
// batch is one transaction), so running it again is always safe; so is one whose session bookmark
// could not be written (below). Deployed, D1 has one writer and
// never answers busy: this wrapper then only passes calls through.
//
// No file here may import through the `~` alias: scripts/local-d1.ts reads isD1Busy under Node.

/** Whether an error (or a CLI's output) is SQLite refusing a statement because the file is locked. */
export const isD1Busy = (error: unknown) => /SQLITE_BUSY|database is locked/.test(String(error));

// Inside a session (decision 068) local D1 runs a statement or batch in one storage transaction and,
// before leaving it, writes the session's next bookmark into the same file (workerd's stand-in for
// D1's commit token; miniflare's D1 object). A batch that only read meets another process's lock
// there, not at its statements: workerd reports SQLite's busy as "internal error" inside this
// message, and the transaction is rolled back. A batch that writes takes the lock at its first
// write and is refused as busy there. Either way the refused call changed nothing.
const SESSION_BOOKMARK_REFUSED = "Failed to get session commit token";

/** Whether D1 refused a statement or batch before anything it did was kept, so running it again is safe. */
export const refusedUnchanged = (error: unknown) => isD1Busy(error) || String(error).includes(SESSION_BOOKMARK_REFUSED);

export const BUSY_ATTEMPTS = 8;

/** Waits a little longer before each attempt, with jitter so two waiting writers do not meet again. */
export const busyDelayMs = (attempt: number) => 20 * attempt + Math.random() * 30;

async function untilNotBusy<T>(run: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await run();
    } catch (error) {
      if (attempt >= BUSY_ATTEMPTS || !refusedUnchanged(error)) throw error;
      await new Promise((resolve) => setTimeout(resolve, busyDelayMs(attempt)));
    }
  }
}

const RUNS = new Set<PropertyKey>(["first", "run", "all", "raw"]);

function retryingStatement(statement: D1PreparedStatement): D1PreparedStatement {
  return new Proxy(statement, {
    get(target, property) {
      if (property === "bind") {
        return (...values: unknown[]) => retryingStatement(target.bind(...values));
      }
      const value: unknown = Reflect.get(target, property, target);
      if (typeof value !== "function") return value;
      // Methods run on the binding's own object, never on the proxy.
      const method = value as (...args: unknown[]) => unknown;
      if (RUNS.has(property))
        return (...args: unknown[]) => untilNotBusy(() => Promise.resolve(method.apply(target, args)));
      return method.bind(target);
    },
  });
}

/**
 * A D1 session (or the binding, in the tests of this wrapper), with each statement and batch run
 * again while the database answers busy. The session is what every request gets as `env.DB`
 * (app/db/session.server.ts).
 */
export function retryWhenBusy<Database extends Pick<D1Database, "prepare" | "batch">>(database: Database): Database {
  return new Proxy(database, {
    get(target, property) {
      if (property === "prepare") return (query: string) => retryingStatement(target.prepare(query));
      if (property === "batch") {
        // The binding reads its statements' fields through the proxies (the last test checks it).
        return (statements: D1PreparedStatement[]) => untilNotBusy(() => target.batch(statements));
      }
      const value: unknown = Reflect.get(target, property, target);
      return typeof value === "function" ? (value as (...args: unknown[]) => unknown).bind(target) : value;
    },
  });
}
