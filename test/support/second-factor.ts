import { env } from "cloudflare:test";
import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import { expect } from "vitest";
import { newMember } from "./account";
import { cookieFrom, fetchWorker, newClientAddress, ORIGIN } from "./http";
import { postStaffForm, sessionCookie } from "./staff";

// What the second-factor tests share: an authenticator as a phone computes it (the same RFC 6238
// arithmetic, written here from the secret), sign-in in two steps at a pinned time, and the forms.

export const PENDING_COOKIE = "__Host-pending-sign-in";

/** The 6-digit code an authenticator shows for `secret` at `at`, `steps` 30-second steps away. */
export function codeAt(secret: string, at: Date, steps = 0): string {
  const step = Math.floor(at.getTime() / 30_000) + steps;
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6);
}

/** The middle of a 30-second step near now, so that ±1 step stays unambiguous. */
export const midStep = (at = Date.now()) => new Date(Math.floor(at / 30_000) * 30_000 + 15_000);

/** Gives a member a confirmed authenticator with a fresh secret, straight in D1; returns the secret. */
export async function giveAuthenticator(userId: string): Promise<string> {
  const secret = encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(20)));
  await env.DB.prepare("insert into totp_secrets (user_id, secret, confirmed_at, created_at) values (?, ?, ?, ?)")
    .bind(userId, secret, Date.now(), Date.now())
    .run();
  return secret;
}

type Browser = { client?: string; cookie?: string; at?: Date };

/**
 * A new member with an authenticator, past the password step at the middle of a 30-second step:
 * the half-signed-in cookie (`pending`) waits for a code.
 */
export async function memberAtCodeStep() {
  const member = await newMember();
  const secret = await giveAuthenticator(member.id);
  const at = midStep();
  const { pending } = await passwordStep(member, { at });
  expect(pending).not.toBeNull();
  return { member, secret, at, pending: pending! };
}

/** POST /api/login with the password: the answer and the half-signed-in cookie it sets, if any. */
export async function passwordStep(
  member: { username: string; password: string },
  { client, cookie, at }: Browser = {},
) {
  const headers = new Headers({ "Content-Type": "application/json", "CF-Connecting-IP": client ?? newClientAddress() });
  if (cookie) headers.set("Cookie", cookie);
  const response = await fetchWorker(
    "/api/login",
    { method: "POST", headers, body: JSON.stringify({ username: member.username, password: member.password }) },
    { at },
  );
  const pending = response.headers.getSetCookie().some((line) => line.startsWith(`${PENDING_COOKIE}=`))
    ? cookieFrom(response, PENDING_COOKIE)
    : null;
  return { response, pending };
}

/** POST /api/login/second-factor { code } from a half-signed-in browser. */
export function codeStep(pending: string, code: unknown, { client, at, cookie }: Browser = {}) {
  return fetchWorker(
    "/api/login/second-factor",
    {
      method: "POST",
      headers: {
        "Content-Type": "application/json",
        "CF-Connecting-IP": client ?? newClientAddress(),
        Cookie: [pending, cookie].filter(Boolean).join("; "),
        Origin: ORIGIN,
      },
      body: JSON.stringify({ code }),
    },
    { at },
  );
}

/** Both steps: the session cookie (and the device cookie the browser keeps). */
export async function signInWithCode(
  member: { username: string; password: string },
  secret: string,
  at: Date,
  steps = 0,
) {
  const { pending } = await passwordStep(member, { at });
  expect(pending).not.toBeNull();
  const response = await codeStep(pending!, codeAt(secret, at, steps), { at });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/** A plain form post, as a browser without JavaScript sends it. */
export function postForm(path: string, cookie: string, fields: Record<string, string>, at?: Date) {
  return postStaffForm(cookie, path, fields, { at });
}
