import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { getDb } from "~/db/db.server";
import { parseEnv } from "~/http/env.server";
import {
  countLoginAttempt,
  forgiveLoginAttempt,
  throttleConfig,
  type ThrottleKeys,
} from "~/features/sign-in/server/login-throttle.server";

const db = getDb(env);
// A one-minute window with an injected clock: no waiting in tests.
const config = throttleConfig(60);
const start = Date.UTC(2026, 0, 5, 15, 0, 0);

/** An unknown browser (no device cookie for the username). */
const stranger = (username: string, client: string): ThrottleKeys => ({ username, client, device: null });

async function attempts(count: number, keys: ThrottleKeys, now: number) {
  const decisions = [];
  for (let i = 0; i < count; i++) decisions.push(await countLoginAttempt(db, keys, config, now));
  return decisions;
}

const allAllowed = (decisions: { allowed: boolean }[]) => decisions.every((decision) => decision.allowed);

describe("login throttling for a browser that has not logged in as the username before", () => {
  it("allows 5 attempts per username from one client and refuses the 6th until the window passes", async () => {
    const keys = stranger("pair-user", "198.51.100.1");
    expect(allAllowed(await attempts(5, keys, start))).toBe(true);

    expect(await countLoginAttempt(db, keys, config, start + 30_000)).toEqual({ allowed: false, retryAfterMs: 30_000 });
    expect((await countLoginAttempt(db, keys, config, start + 59_999)).allowed).toBe(false);

    expect(await countLoginAttempt(db, keys, config, start + 60_000)).toEqual({ allowed: true });
  });

  it("does not refuse the same username from another client: a stranger's guesses lock only the stranger", async () => {
    await attempts(6, stranger("owner-a", "198.51.100.2"), start);
    expect(await countLoginAttempt(db, stranger("owner-a", "198.51.100.3"), config, start)).toEqual({ allowed: true });
  });

  it("refuses any unknown browser once 100 guesses at one username came from many clients", async () => {
    for (let client = 0; client < 20; client++) {
      expect(allAllowed(await attempts(5, stranger("spread-thin", `192.0.2.${client}`), start))).toBe(true);
    }
    expect((await countLoginAttempt(db, stranger("spread-thin", "192.0.2.200"), config, start)).allowed).toBe(false);
    // A browser that has logged in as that username before is not affected.
    const known = { username: "spread-thin", client: "192.0.2.201", device: crypto.randomUUID() };
    expect(await countLoginAttempt(db, known, config, start)).toEqual({ allowed: true });
  });
});

describe("login throttling for a browser that has logged in as the username before", () => {
  it("is not refused when strangers have locked the username everywhere else", async () => {
    for (let client = 0; client < 21; client++) await attempts(5, stranger("popular", `203.0.113.${client}`), start);
    expect((await countLoginAttempt(db, stranger("popular", "203.0.113.99"), config, start)).allowed).toBe(false);

    const owner = { username: "popular", client: "198.51.100.10", device: crypto.randomUUID() };
    expect(await countLoginAttempt(db, owner, config, start)).toEqual({ allowed: true });
  });

  it("counts the device's own attempts: 10 allowed, the 11th refused, other devices not affected", async () => {
    const device = { username: "typo-prone", client: "198.51.100.11", device: crypto.randomUUID() };
    expect(allAllowed(await attempts(10, device, start))).toBe(true);
    expect((await countLoginAttempt(db, device, config, start)).allowed).toBe(false);
    // The same device from another address is the same device (a stolen cookie does not multiply).
    expect((await countLoginAttempt(db, { ...device, client: "198.51.100.12" }, config, start)).allowed).toBe(false);
    const colleague = { ...device, device: crypto.randomUUID() };
    expect(await countLoginAttempt(db, colleague, config, start)).toEqual({ allowed: true });
  });
});

describe("login throttling per client", () => {
  it("refuses a client after 20 attempts across any usernames, known device or not", async () => {
    const client = "198.51.100.4";
    for (let i = 0; i < 20; i++) {
      expect((await countLoginAttempt(db, stranger(`sprayed-${i}`, client), config, start)).allowed).toBe(true);
    }
    expect((await countLoginAttempt(db, stranger("sprayed-20", client), config, start)).allowed).toBe(false);
    const known = { username: "sprayed-21", client, device: crypto.randomUUID() };
    expect((await countLoginAttempt(db, known, config, start)).allowed).toBe(false);
    expect((await countLoginAttempt(db, stranger("sprayed-22", client), config, start + 60_000)).allowed).toBe(true);
  });
});

describe("after a successful login", () => {
  it("forgives this browser's own attempts", async () => {
    const keys = stranger("forgetful", "198.51.100.5");
    await attempts(5, keys, start);
    await forgiveLoginAttempt(db, keys);
    expect(allAllowed(await attempts(5, keys, start))).toBe(true);
    expect((await countLoginAttempt(db, keys, config, start)).allowed).toBe(false);

    const device = { username: "forgetful", client: "198.51.100.6", device: crypto.randomUUID() };
    await attempts(10, device, start);
    await forgiveLoginAttempt(db, device);
    expect(allAllowed(await attempts(10, device, start))).toBe(true);
  });

  it("keeps the count of strangers' guesses at the username", async () => {
    for (let client = 0; client < 20; client++) await attempts(5, stranger("targeted", `192.0.2.${client}`), start);
    await forgiveLoginAttempt(db, { username: "targeted", client: "198.51.100.7", device: crypto.randomUUID() });
    expect((await countLoginAttempt(db, stranger("targeted", "198.51.100.8"), config, start)).allowed).toBe(false);
  });
});

describe("the throttle's storage", () => {
  it("drops counters whose window has passed", async () => {
    await attempts(3, stranger("old-news", "198.51.100.6"), start);
    await countLoginAttempt(db, stranger("someone-else", "198.51.100.7"), config, start + 120_000);
    const row = await env.DB.prepare("select * from login_throttle where key = ?").bind("user:old-news").first();
    expect(row).toBeNull();
  });

  it("reads the window length from LOGIN_THROTTLE_WINDOW_SECONDS, 15 minutes by default", () => {
    const bindings: Env = {
      DB: env.DB,
      SESSIONS: env.SESSIONS,
      PHOTOS: env.PHOTOS,
      SUBMISSION_LIMITER: env.SUBMISSION_LIMITER,
      SESSION_SECRET: env.SESSION_SECRET,
      ENVIRONMENT: env.ENVIRONMENT,
      CF_VERSION_METADATA: env.CF_VERSION_METADATA,
      NOTIFY_EMAIL: env.NOTIFY_EMAIL,
      NOTIFY_QUEUE: env.NOTIFY_QUEUE,
      NOTIFY_TO: env.NOTIFY_TO,
      NOTIFY_FROM: env.NOTIFY_FROM,
      CONFIRM_VISITOR: env.CONFIRM_VISITOR,
      REPLY_DOMAIN: env.REPLY_DOMAIN,
    };
    expect(parseEnv(bindings).LOGIN_THROTTLE_WINDOW_SECONDS).toBe(900);
    expect(parseEnv({ ...bindings, LOGIN_THROTTLE_WINDOW_SECONDS: "2" } as Env).LOGIN_THROTTLE_WINDOW_SECONDS).toBe(2);
    expect(() => parseEnv({ ...bindings, LOGIN_THROTTLE_WINDOW_SECONDS: "soon" } as Env)).toThrow(
      /LOGIN_THROTTLE_WINDOW_SECONDS/,
    );
  });
});
