import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { parseEnv } from "~/server/env.server";
import { countLoginAttempt, forgiveLoginAttempt, throttleConfig } from "~/server/login-throttle.server";

const db = getDb(env);
// A one-minute window with an injected clock: no waiting in tests.
const config = throttleConfig(60);
const start = Date.UTC(2026, 0, 5, 15, 0, 0);

async function attempts(count: number, keys: { username: string; client: string }, now: number) {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await countLoginAttempt(db, keys, config, now));
  return decisions;
}

describe("login throttling", () => {
  it("allows 5 attempts for one username in a window and refuses the 6th until the window passes", async () => {
    const keys = { username: "throttle-user", client: "198.51.100.1" };
    const first = await attempts(5, keys, start);
    expect(first.every((decision) => decision.allowed)).toBe(true);

    expect(await countLoginAttempt(db, keys, config, start + 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect((await countLoginAttempt(db, keys, config, start + 59_999)).allowed).toBe(false);

    expect(await countLoginAttempt(db, keys, config, start + 60_000)).toEqual({ allowed: true });
  });

  it("counts each username separately", async () => {
    await attempts(6, { username: "guessed-a", client: "198.51.100.2" }, start);
    expect(await countLoginAttempt(db, { username: "guessed-b", client: "198.51.100.3" }, config, start)).toEqual({
      allowed: true,
    });
  });

  it("refuses a client after 20 attempts across any usernames", async () => {
    const client = "198.51.100.4";
    for (let i = 0; i < 20; i++) {
      expect((await countLoginAttempt(db, { username: `sprayed-${i}`, client }, config, start)).allowed).toBe(true);
    }
    expect((await countLoginAttempt(db, { username: "sprayed-20", client }, config, start)).allowed).toBe(false);
    expect((await countLoginAttempt(db, { username: "sprayed-21", client }, config, start + 60_000)).allowed).toBe(
      true,
    );
  });

  it("forgives a username's attempts after a successful login", async () => {
    const keys = { username: "forgetful", client: "198.51.100.5" };
    await attempts(5, keys, start);
    await forgiveLoginAttempt(db, keys);
    expect((await attempts(5, keys, start)).every((decision) => decision.allowed)).toBe(true);
    expect((await countLoginAttempt(db, keys, config, start)).allowed).toBe(false);
  });

  it("drops counters whose window has passed", async () => {
    await attempts(3, { username: "old-news", client: "198.51.100.6" }, start);
    await countLoginAttempt(db, { username: "someone-else", client: "198.51.100.7" }, config, start + 120_000);
    const row = await env.DB.prepare("select * from login_throttle where key = ?").bind("user:old-news").first();
    expect(row).toBeNull();
  });

  it("reads the window length from LOGIN_THROTTLE_WINDOW_SECONDS, 15 minutes by default", () => {
    const bindings: Env = {
      DB: env.DB,
      SESSIONS: env.SESSIONS,
      SUBMISSION_LIMITER: env.SUBMISSION_LIMITER,
      SESSION_SECRET: env.SESSION_SECRET,
      CF_VERSION_METADATA: env.CF_VERSION_METADATA,
    };
    expect(parseEnv(bindings).LOGIN_THROTTLE_WINDOW_SECONDS).toBe(900);
    expect(parseEnv({ ...bindings, LOGIN_THROTTLE_WINDOW_SECONDS: "2" } as Env).LOGIN_THROTTLE_WINDOW_SECONDS).toBe(2);
    expect(() => parseEnv({ ...bindings, LOGIN_THROTTLE_WINDOW_SECONDS: "soon" } as Env)).toThrow(
      /LOGIN_THROTTLE_WINDOW_SECONDS/,
    );
  });
});
