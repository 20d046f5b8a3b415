import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newMember, signIn } from "../support/account";
import { cookieFrom, fetchWorker, ORIGIN } from "../support/http";
import { type Algorithm, type CeremonyOverrides, softwareAuthenticator } from "../support/software-authenticator";
import { sessionCookie, staffApi } from "../support/staff";

// The passkey verifier (decision 040) through the API, with a software authenticator in place of a
// fingerprint reader: every check a relying party makes refuses the answer that gets it wrong.

type Authenticator = Awaited<ReturnType<typeof softwareAuthenticator>>;

const json = (body: unknown, cookie?: string) => ({
  method: "POST",
  headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
  body: JSON.stringify(body),
});

async function addPasskey(session: string, authenticator: Authenticator, overrides: CeremonyOverrides = {}) {
  const options = await staffApi(session, "/api/account/passkeys/options", {
    ...json({}),
    headers: { Origin: ORIGIN },
  });
  expect(options.status).toBe(200);
  const challengeCookie = cookieFrom(options, "__Host-webauthn");
  const credential = await authenticator.register(await options.json(), overrides);
  return staffApi(`${session}; ${challengeCookie}`, "/api/account/passkeys", {
    ...json({ name: "Front desk PC", credential }),
    headers: { Origin: ORIGIN },
  });
}

async function signInWithPasskey(authenticator: Authenticator, userId: string, overrides: CeremonyOverrides = {}) {
  const options = await fetchWorker("/api/login/passkey/options", json({}));
  const challengeCookie = cookieFrom(options, "__Host-webauthn");
  const credential = await authenticator.signIn(await options.json(), userId, overrides);
  return fetchWorker("/api/login/passkey", json({ credential }, challengeCookie));
}

/** A new member whose ES256 passkey is added: where every sign-in ceremony starts. */
async function memberWithPasskey() {
  const member = await newMember();
  const authenticator = await softwareAuthenticator("ES256");
  expect((await addPasskey(await signIn(member), authenticator)).status).toBe(201);
  return { member, authenticator };
}

const storedCounter = async (id: string) =>
  (await env.DB.prepare("select counter from passkeys where id = ?").bind(id).first<{ counter: number }>())?.counter;

describe.each<Algorithm>(["ES256", "RS256", "EdDSA"])("a %s passkey", (algorithm) => {
  it("is added on the account page's API, then signs in whole, its counter kept", async () => {
    const member = await newMember();
    const authenticator = await softwareAuthenticator(algorithm);
    const added = await addPasskey(await signIn(member), authenticator);
    expect(added.status).toBe(201);
    const row = await env.DB.prepare("select user_id, transports, counter from passkeys where id = ?")
      .bind(authenticator.credentialId)
      .first();
    expect(row).toEqual({ user_id: member.id, transports: '["internal"]', counter: 0 });

    const signedIn = await signInWithPasskey(authenticator, member.id);
    expect(signedIn.status).toBe(200);
    const session = sessionCookie(signedIn);
    expect((await staffApi(session, "/api/contact-submissions")).status).toBe(200);
    expect(await storedCounter(authenticator.credentialId)).toBe(1);
  });
});

it("takes a P-256 key whose y coordinate starts with a zero byte (1 key in 256)", async () => {
  const member = await newMember();
  const startsWithZero = (value: string | undefined) => Buffer.from(value ?? "", "base64url")[0] === 0;
  const authenticator = await softwareAuthenticator("ES256", { keyWhere: (key) => startsWithZero(key.y) });
  expect((await addPasskey(await signIn(member), authenticator)).status).toBe(201);
  expect((await signInWithPasskey(authenticator, member.id)).status).toBe(200);
});

describe("the passkey verifier refuses", () => {
  /** What the verifier checks in both ceremonies, adding a passkey and signing in with one. */
  const eitherCeremony: [string, CeremonyOverrides][] = [
    ["another site's origin", { origin: "https://evil.example" }],
    ["another RP ID", { rpId: "evil.example" }],
    ["another challenge", { challenge: "AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA" }],
    ["no one present", { userPresent: false }],
    ["no fingerprint, face or PIN", { userVerified: false }],
  ];

  it.each<[string, CeremonyOverrides]>([
    ...eitherCeremony,
    ["a sign-in's client data", { type: "webauthn.get" }],
    ["a ceremony inside another site's frame", { crossOrigin: true }],
  ])("a new passkey with %s, and keeps nothing", async (_, overrides) => {
    const member = await newMember();
    const authenticator = await softwareAuthenticator("ES256");
    const added = await addPasskey(await signIn(member), authenticator, overrides);
    expect(added.status).toBe(400);
    expect(await storedCounter(authenticator.credentialId)).toBeUndefined();
  });

  it.each<[string, CeremonyOverrides]>([
    ...eitherCeremony,
    ["a registration's client data", { type: "webauthn.create" }],
    ["a signature by another key", { otherKey: true }],
  ])("a sign-in with %s", async (_, overrides) => {
    const { member, authenticator } = await memberWithPasskey();
    const refused = await signInWithPasskey(authenticator, member.id, overrides);
    expect(refused.status).toBe(401);
    expect(refused.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(false);
    expect(await storedCounter(authenticator.credentialId)).toBe(0);
  });

  it("a signature counter that did not go up (a cloned key)", async () => {
    const { member, authenticator } = await memberWithPasskey();
    expect((await signInWithPasskey(authenticator, member.id, { counter: 5 })).status).toBe(200);
    expect((await signInWithPasskey(authenticator, member.id, { counter: 5 })).status).toBe(401);
    expect((await signInWithPasskey(authenticator, member.id, { counter: 3 })).status).toBe(401);
    expect(await storedCounter(authenticator.credentialId)).toBe(5);
    expect((await signInWithPasskey(authenticator, member.id, { counter: 6 })).status).toBe(200);
  });

  it("another member's user handle", async () => {
    const { authenticator } = await memberWithPasskey();
    const other = await newMember();
    expect((await signInWithPasskey(authenticator, other.id)).status).toBe(401);
  });
});

describe("passkey options", () => {
  it("offer Ed25519, P-256 and RSA keys, ask for a discoverable passkey with the person verified, and no attestation", async () => {
    const member = await newMember();
    const options = await staffApi(await signIn(member), "/api/account/passkeys/options", {
      ...json({}),
      headers: { Origin: ORIGIN },
    });
    const body: Record<string, unknown> = await options.json();
    expect(body).toMatchObject({
      rp: { name: expect.any(String), id: "localhost" },
      user: { id: Buffer.from(member.id).toString("base64url"), name: member.username, displayName: "" },
      pubKeyCredParams: [
        { alg: -8, type: "public-key" },
        { alg: -7, type: "public-key" },
        { alg: -257, type: "public-key" },
      ],
      timeout: 60000,
      attestation: "none",
      excludeCredentials: [],
      authenticatorSelection: { residentKey: "required", userVerification: "required", requireResidentKey: true },
    });
    expect(body.challenge).toMatch(/^[A-Za-z0-9_-]{43}$/);
  });
});
