// Staff accounts the browser tests make for themselves (each its own, so tests running side by
// side never share a session, a second factor or a passkey), and what they sign in with.
import { decodeBase32IgnorePadding } from "@oslojs/encoding";
import { generateHOTP } from "@oslojs/otp";
import type { Page } from "@playwright/test";
import { hashPassword } from "../app/features/sign-in/server/password.server.ts";
import { executeSql, expect } from "./fixtures";

export type Member = { username: string; password: string };

/** What every member a test makes signs in with. */
const MEMBER_PASSWORD = "e2e member password, local only";
// Each password is hashed once per test process: scrypt is the slow part of making a member.
const hashes = new Map<string, Promise<string>>();

/**
 * An active owner written to the test server's D1 as `npm run admin:create` writes one (that command
 * has tests of its own in admin-cli.spec.ts; spawning it took 4 s of CPU per member).
 */
export async function addOwner({ username, password }: Member): Promise<void> {
  if (!hashes.has(password)) hashes.set(password, hashPassword(password));
  const hash = await hashes.get(password)!;
  executeSql(
    "INSERT INTO users (id, username, password, role) VALUES (?, ?, ?, 'owner')",
    crypto.randomUUID(),
    username,
    hash,
  );
}

/** A new active owner named `<prefix>-<random>`. */
export async function newMember(prefix: string): Promise<Member> {
  const member = { username: `${prefix}-${crypto.randomUUID().slice(0, 8)}`, password: MEMBER_PASSWORD };
  await addOwner(member);
  return member;
}

/** Moves the member's sign-ins 3 hours back in the test server's D1: their sessions need the check again. */
export function makeSessionsStale(member: Member) {
  executeSql(
    "UPDATE staff_sessions SET signed_in_at = signed_in_at - 10800000 WHERE user_id = (SELECT id FROM users WHERE username = ?)",
    member.username,
  );
}

/** Types the member's username and password on /login and signs in: the inbox, or the code step next. */
export async function passwordStep(page: Page, member: Member) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(member.username);
  await page.getByLabel(/^Password/).fill(member.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  // Signed in, or asked for the code: a page opened before the answer would abort the sign-in.
  await page.waitForURL((url) => url.pathname !== "/login");
}

/** Signs in a member without a second factor, and lands in the inbox. */
export async function signIn(page: Page, member: Member) {
  await passwordStep(page, member);
  await expect(page).toHaveURL(/\/incoming$/);
}

/** The phone: the code for `secret` at the step after `after` (a step is accepted once) or now. */
export function phoneCode(secret: string, after = -Infinity): { code: string; step: number } {
  const step = Math.max(Math.floor(Date.now() / 30_000), after + 1);
  return { code: generateHOTP(decodeBase32IgnorePadding(secret), BigInt(step), 6), step };
}

/** The secret the set-up shows under its QR code, as the member types it into their phone. */
export async function shownSecret(page: Page): Promise<string> {
  return (await page.getByTestId("totp-secret").innerText()).replace(/\s/g, "");
}

/**
 * Sets up an authenticator app from the open account page, as the member does with their phone,
 * up to the recovery codes; returns the secret and the step of the code that confirmed it.
 */
export async function setUpAuthenticatorApp(page: Page): Promise<{ secret: string; step: number }> {
  await page.getByRole("button", { name: "Set up an authenticator app" }).click();
  const secret = await shownSecret(page);
  const { code, step } = phoneCode(secret);
  await page.getByLabel("Code", { exact: true }).fill(code);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page.getByTestId("recovery-codes")).toBeVisible();
  return { secret, step };
}
