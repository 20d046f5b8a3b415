import { env } from "cloudflare:test";
import { beforeAll, beforeEach, describe, expect, it } from "vitest";
import { keepChallenge } from "~/features/second-factor/server/webauthn-challenges.server";
import { parseEnv } from "~/http/env.server";
import { signIn } from "../support/account";
import { fetchWorker } from "../support/http";
import { createStaffUser } from "../support/staff";
import recorded from "./chromium-passkey.json";

// The passkey verifier on what a real browser sends: a registration and two sign-ins that
// Chromium's virtual authenticator (the browser tests' fingerprint reader) posted to a local server,
// recorded by scripts/record-passkey-responses.ts. Its own key type (Ed25519, the first the options
// offer), its own CBOR and client data: nothing here was built by the tests' software
// authenticator. The challenges the server gave are put back in D1 as the server kept them.

const SITE = recorded.origin;
const OTHER_CHALLENGE = "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA";
const [firstSignIn, secondSignIn] = recorded.signIns;
const credentialId = recorded.registration.response.id;

let memberSession = "";

/** This browser's challenge, kept by the server's own keepChallenge: its cookie, for the answer. */
async function challengeCookie(purpose: "register" | "sign-in", challenge: string, userId: string | null) {
  const setCookie = await keepChallenge(parseEnv(env), { challenge, purpose, userId, now: new Date() });
  return setCookie.split(";")[0]!;
}

/** Posts to the Worker as the recorded site (`site`: the origin its SITE_URL names). */
function post(path: string, body: unknown, cookie: string, site = SITE) {
  return fetchWorker(
    path,
    {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: site, Cookie: cookie },
      body: JSON.stringify(body),
    },
    // wrangler.toml leaves SITE_URL empty, so its generated type allows only "".
    { bindings: { SITE_URL: site } as Partial<Cloudflare.Env> },
  );
}

async function addRecordedPasskey({ challenge = recorded.registration.challenge, site = SITE } = {}) {
  const cookie = await challengeCookie("register", challenge, recorded.userId);
  const body = { name: "Recorded in Chromium", credential: recorded.registration.response };
  return post("/api/account/passkeys", body, `${memberSession}; ${cookie}`, site);
}

async function signInRecorded(
  answer: (typeof recorded.signIns)[number],
  { challenge = answer.challenge, site = SITE } = {},
) {
  const cookie = await challengeCookie("sign-in", challenge, null);
  return post("/api/login/passkey", { credential: answer.response }, cookie, site);
}

const stored = () =>
  env.DB.prepare("select user_id as userId, counter from passkeys where id = ?")
    .bind(credentialId)
    .first<{ userId: string; counter: number }>();

const forgetPasskey = () => env.DB.prepare("delete from passkeys where id = ?").bind(credentialId).run();

beforeAll(async () => {
  // The member the recording was made for: the passkey's user handle names this id.
  const username = "passkey-recorder";
  const password = "passkey recorder password, long enough";
  await createStaffUser(username, password, "owner", recorded.userId);
  memberSession = await signIn({ username, password });
});

describe("a registration Chromium made", () => {
  beforeEach(forgetPasskey);

  it("is verified and kept, with the counter its authenticator gave", async () => {
    expect((await addRecordedPasskey()).status).toBe(201);
    expect(await stored()).toEqual({ userId: recorded.userId, counter: 1 });
  });

  it.each([
    ["for another origin", { site: "http://localhost" }],
    ["for another challenge", { challenge: OTHER_CHALLENGE }],
  ])("is refused %s, and nothing is kept", async (_, wrong) => {
    expect((await addRecordedPasskey(wrong)).status).toBe(400);
    expect(await stored()).toBeNull();
  });
});

describe("a sign-in Chromium made", () => {
  beforeEach(async () => {
    await forgetPasskey();
    expect((await addRecordedPasskey()).status).toBe(201);
  });

  it("signs its member in, and keeps the new counter", async () => {
    const signedIn = await signInRecorded(firstSignIn!);
    expect(signedIn.status).toBe(200);
    expect(signedIn.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(true);
    expect((await stored())?.counter).toBe(2);
  });

  it.each([
    ["for another origin", { site: "http://localhost" }],
    ["for another challenge", { challenge: OTHER_CHALLENGE }],
  ])("is refused %s", async (_, wrong) => {
    const refused = await signInRecorded(firstSignIn!, wrong);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(false);
    expect((await stored())?.counter).toBe(1);
  });

  it("is refused when replayed after a later one: its counter did not go up (a cloned key)", async () => {
    expect((await signInRecorded(secondSignIn!)).status).toBe(200);
    expect((await stored())?.counter).toBe(3);
    const replayed = await signInRecorded(firstSignIn!);
    expect(replayed.status).toBe(401);
    expect((await stored())?.counter).toBe(3);
  });

  it("is refused when the passkey is kept for another member than its user handle names", async () => {
    const other = await createStaffUser(`other-${crypto.randomUUID().slice(0, 6)}`, "another long enough password");
    await env.DB.prepare("update passkeys set user_id = ? where id = ?").bind(other, credentialId).run();
    expect((await signInRecorded(firstSignIn!)).status).toBe(401);
  });
});
