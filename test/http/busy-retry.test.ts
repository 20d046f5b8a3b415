import { env } from "cloudflare:test";
import { sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { BUSY_ATTEMPTS, retryWhenBusy } from "~/db/busy-retry.server";
import { getDb } from "~/db/db.server";
import { openBackgroundDatabase } from "~/db/request-session.server";
import { parseEnv } from "~/http/env.server";

// Locally another process (wrangler d1 execute) can hold the D1 file's lock for a moment: the app's
// binding runs a statement again while SQLite answers busy, and only then (decision 055).

const BUSY = new Error("D1_ERROR: database is locked: SQLITE_BUSY");

/** A D1 binding whose statements fail with `errors` in turn, then answer; it counts the runs. */
function flakyDatabase(errors: Error[]) {
  const calls = { runs: 0 };
  const answer = () => {
    calls.runs += 1;
    const error = errors.shift();
    return error ? Promise.reject(error) : Promise.resolve({ success: true, results: [{ one: 1 }], meta: {} });
  };
  const statement = {
    bind: () => statement,
    all: answer,
    run: answer,
    raw: async () => [[await answer().then(() => 1)]],
    first: answer,
  };
  const session = { prepare: () => statement, batch: async () => [await answer()], getBookmark: () => null };
  const database = { ...session, withSession: () => session };
  return { database: database as unknown as D1Database, calls };
}

describe("the D1 binding while another process holds the file", () => {
  it("runs a statement again while it is refused as busy, through the app's own session and drizzle", async () => {
    const { database, calls } = flakyDatabase([BUSY, BUSY]);
    const appEnv = openBackgroundDatabase(parseEnv({ ...env, DB: database }));
    await getDb(appEnv).run(sql`update users set role = role`);
    expect(calls.runs).toBe(3);
  });

  it("runs a read again when local D1 could not write the session's bookmark under another process's lock", async () => {
    // What workerd's local D1 answers a session's read while another process writes the file: it ran
    // the read, then failed to write its stand-in bookmark and rolled the transaction back (decision 068).
    const refused = new Error(
      "D1_ERROR: Failed to get session commit token: internal error; reference = s70jl8kcb83iqtprlutva81s",
    );
    const { database, calls } = flakyDatabase([refused, refused]);
    const appEnv = openBackgroundDatabase(parseEnv({ ...env, DB: database }));
    expect(await getDb(appEnv).get(sql`select count(*) as one from users`)).toEqual({ one: 1 });
    expect(calls.runs).toBe(3);
  });

  it("runs any other failure once: a constraint or a lost connection may have written", async () => {
    const unique = new Error("D1_ERROR: UNIQUE constraint failed: users.username: SQLITE_CONSTRAINT");
    const { database, calls } = flakyDatabase([unique]);
    await expect(retryWhenBusy(database).prepare("insert …").run()).rejects.toThrow("UNIQUE constraint");
    expect(calls.runs).toBe(1);
  });

  it("gives up after its attempts with the busy error, which the pages answer with 503", async () => {
    const { database, calls } = flakyDatabase(Array.from({ length: BUSY_ATTEMPTS + 2 }, () => BUSY));
    await expect(retryWhenBusy(database).batch([])).rejects.toThrow("SQLITE_BUSY");
    expect(calls.runs).toBe(BUSY_ATTEMPTS);
  });

  it("runs its statements on the real binding, alone and in a batch, bound or not", async () => {
    const database = retryWhenBusy(env.DB);
    const [plain, bound] = await database.batch<{ value: number }>([
      database.prepare("select 1 as value"),
      database.prepare("select ?1 + 1 as value").bind(1),
    ]);
    expect(plain?.results).toEqual([{ value: 1 }]);
    expect(bound?.results).toEqual([{ value: 2 }]);
    expect(await database.prepare("select ?1 as value").bind(7).first("value")).toBe(7);
  });
});
