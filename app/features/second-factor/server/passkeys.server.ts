import { decodeBase64urlIgnorePadding, encodeBase64urlNoPadding } from "@oslojs/encoding";
import { and, desc, eq } from "drizzle-orm";
import { shop } from "~/content/shop";
import { getDb } from "~/db/db.server";
import { passkeys } from "~/db/schema/second-factor";
import type { AuthenticationInput, RegistrationInput } from "~/features/second-factor/schemas";
import type { AppEnv } from "../../../http/env.server";
import type { Acting } from "../../../http/staff-member.server";
import { AUDIT_IF_CHANGED, auditInsert, auditInsertIf } from "../../audit/audit.server";
import {
  newChallenge,
  type RelyingParty,
  SUPPORTED_ALGORITHMS,
  verifyAssertion,
  verifyRegistration,
} from "./webauthn.server";
import { keepChallenge, takeChallenge } from "./webauthn-challenges.server";

// Passkeys (decision 036, verified as decision 040 says): discoverable credentials, user verification
// required, no attestation. The relying party is the site: its ID and origin come from SITE_URL,
// or from the request's own address where SITE_URL is not set (a local run).

export type PasskeyView = { id: string; name: string; createdAt: Date; lastUsedAt: Date | null };

function relyingParty(request: Request, env: AppEnv): RelyingParty {
  const origin = env.SITE_URL ?? new URL(request.url).origin;
  return { origin, id: new URL(origin).hostname };
}

const userHandle = (userId: string) => encodeBase64urlNoPadding(new TextEncoder().encode(userId));

/** A ceremony's time limit in the browser, in milliseconds. */
const CEREMONY_TIMEOUT_MS = 60_000;

/** The options for the browser's navigator.credentials.create(), and the challenge cookie. */
export async function registrationOptions(
  request: Request,
  env: AppEnv,
  member: { id: string; username: string },
  now: Date,
) {
  const existing = await getDb(env).query.passkeys.findMany({ where: eq(passkeys.userId, member.id) });
  // The JSON form of PublicKeyCredentialCreationOptions that the browser's code turns into buffers.
  const options = {
    challenge: newChallenge(),
    rp: { name: shop.name, id: relyingParty(request, env).id },
    user: { id: userHandle(member.id), name: member.username, displayName: "" },
    pubKeyCredParams: SUPPORTED_ALGORITHMS.map((alg) => ({ alg, type: "public-key" as const })),
    timeout: CEREMONY_TIMEOUT_MS,
    attestation: "none" as const,
    excludeCredentials: existing.map((key) => ({
      id: key.id,
      transports: key.transports ?? undefined,
      type: "public-key" as const,
    })),
    authenticatorSelection: {
      residentKey: "required" as const,
      userVerification: "required" as const,
      requireResidentKey: true,
    },
    extensions: { credProps: true },
    hints: [],
  };
  const setCookie = await keepChallenge(env, {
    challenge: options.challenge,
    purpose: "register",
    userId: member.id,
    now,
  });
  return { options, setCookie };
}

/** Checks the browser's new credential against this browser's challenge and keeps it; false if refused. */
export async function registerPasskey(
  request: Request,
  env: AppEnv,
  member: { id: string },
  input: RegistrationInput,
  acting: Acting,
): Promise<boolean> {
  const now = acting.at;
  const challenge = await takeChallenge(request, env, { purpose: "register", userId: member.id, now });
  if (!challenge) return false;
  const credential = await verifyRegistration(input.credential, {
    challenge,
    relyingParty: relyingParty(request, env),
  });
  if (!credential) return false;
  const db = getDb(env);
  await db.batch([
    db.insert(passkeys).values({
      id: credential.id,
      userId: member.id,
      name: input.name,
      publicKey: encodeBase64urlNoPadding(credential.publicKey),
      counter: credential.counter,
      transports: input.credential.response.transports ?? null,
      createdAt: now,
    }),
    auditInsert(db, { ...acting, action: "passkey.add", detail: { name: input.name } }),
  ]);
  return true;
}

/** The options for navigator.credentials.get() with any of the site's passkeys, and the challenge cookie. */
export async function signInOptions(request: Request, env: AppEnv, now: Date) {
  const options = {
    rpId: relyingParty(request, env).id,
    challenge: newChallenge(),
    timeout: CEREMONY_TIMEOUT_MS,
    userVerification: "required" as const,
  };
  const setCookie = await keepChallenge(env, { challenge: options.challenge, purpose: "sign-in", userId: null, now });
  return { options, setCookie };
}

/**
 * The member whose passkey signed this browser's challenge, or null. The signature counter must
 * grow where the authenticator keeps one (a counter that did not: a cloned key).
 */
export async function verifyPasskeySignIn(
  request: Request,
  env: AppEnv,
  input: AuthenticationInput,
  now: Date,
): Promise<{ userId: string; passkeyName: string } | null> {
  const challenge = await takeChallenge(request, env, { purpose: "sign-in", userId: null, now });
  if (!challenge) return null;
  const db = getDb(env);
  const key = await db.query.passkeys.findFirst({ where: eq(passkeys.id, input.credential.id) });
  if (!key) return null;
  const handle = input.credential.response.userHandle;
  if (handle && new TextDecoder().decode(decodeBase64urlIgnorePadding(handle)) !== key.userId) return null;
  const verified = await verifyAssertion(input.credential.response, {
    challenge,
    relyingParty: relyingParty(request, env),
    publicKey: decodeBase64urlIgnorePadding(key.publicKey),
    counter: key.counter,
  });
  if (!verified) return null;
  await db.update(passkeys).set({ counter: verified.counter, lastUsedAt: now }).where(eq(passkeys.id, key.id));
  return { userId: key.userId, passkeyName: key.name };
}

export async function listPasskeys(env: AppEnv, userId: string): Promise<PasskeyView[]> {
  return getDb(env)
    .select({ id: passkeys.id, name: passkeys.name, createdAt: passkeys.createdAt, lastUsedAt: passkeys.lastUsedAt })
    .from(passkeys)
    .where(eq(passkeys.userId, userId))
    .orderBy(desc(passkeys.createdAt));
}

/** Removes one of the member's passkeys, with its entry: its name, or null when there was none. */
export async function removePasskey(env: AppEnv, userId: string, id: string, acting: Acting): Promise<string | null> {
  const db = getDb(env);
  const theOne = and(eq(passkeys.id, id), eq(passkeys.userId, userId));
  const [passkey] = await db.select({ name: passkeys.name }).from(passkeys).where(theOne);
  if (!passkey) return null;
  const [removed] = await db.batch([
    db.delete(passkeys).where(theOne).returning({ name: passkeys.name }),
    auditInsertIf(db, { ...acting, action: "passkey.remove", detail: { name: passkey.name } }, AUDIT_IF_CHANGED),
  ]);
  return removed[0]?.name ?? null;
}
