import { decodeBase32IgnorePadding, encodeBase32UpperCaseNoPadding } from "@oslojs/encoding";
import { createTOTPKeyURI, generateHOTP } from "@oslojs/otp";
import { and, eq, isNull, lt, or } from "drizzle-orm";
import { encode } from "uqr";
import { shop } from "~/content/shop";
import type { Database } from "~/db/db.server";
import { totpSecrets } from "~/db/schema/second-factor";

// Authenticator apps (TOTP, RFC 6238): 6 digits, 30-second steps, one step either side for a
// phone's clock, and each step accepted once: the last accepted step is kept, and a code of that
// step or an earlier one is refused (RFC 6238 §5.2). The time is the request's, so tests can pin it.

const PERIOD_SECONDS = 30;
const DIGITS = 6;
const WINDOW_STEPS = 1;
const SECRET_BYTES = 20; // 160 bits, as RFC 4226 recommends

export const TOTP_CODE_PATTERN = /^\d{6}$/;

export const newTotpSecret = () => encodeBase32UpperCaseNoPadding(crypto.getRandomValues(new Uint8Array(SECRET_BYTES)));

const stepAt = (now: Date) => Math.floor(now.getTime() / 1000 / PERIOD_SECONDS);

/** The code an authenticator shows at `now` for this secret (tests and the enrolment check). */
export function totpCodeAt(secret: string, now: Date): string {
  return generateHOTP(decodeBase32IgnorePadding(secret), BigInt(stepAt(now)), DIGITS);
}

/** The time step whose code this is, within the window and after `lastUsedStep`, or null. */
export function matchingStep(secret: string, code: string, now: Date, lastUsedStep: number | null): number | null {
  if (!TOTP_CODE_PATTERN.test(code)) return null;
  const key = decodeBase32IgnorePadding(secret);
  const current = stepAt(now);
  for (let step = current - WINDOW_STEPS; step <= current + WINDOW_STEPS; step += 1) {
    if (lastUsedStep !== null && step <= lastUsedStep) continue;
    if (generateHOTP(key, BigInt(step), DIGITS) === code) return step;
  }
  return null;
}

/**
 * Accepts a code for a member's confirmed authenticator: true once per step. The step is written
 * only if no later or equal one was, so two requests racing with one code cannot both pass.
 */
export async function acceptTotpCode(db: Database, userId: string, code: string, now: Date): Promise<boolean> {
  const row = await db.query.totpSecrets.findFirst({ where: eq(totpSecrets.userId, userId) });
  if (!row?.confirmedAt) return false;
  const step = matchingStep(row.secret, code, now, row.lastUsedStep);
  if (step === null) return false;
  const taken = await db
    .update(totpSecrets)
    .set({ lastUsedStep: step })
    .where(
      and(eq(totpSecrets.userId, userId), or(isNull(totpSecrets.lastUsedStep), lt(totpSecrets.lastUsedStep, step))),
    )
    .returning({ userId: totpSecrets.userId });
  return taken.length === 1;
}

/** The otpauth:// URI an authenticator app reads from the QR code. */
export function totpKeyUri(secret: string, username: string): string {
  return createTOTPKeyURI(shop.name, username, decodeBase32IgnorePadding(secret), PERIOD_SECONDS, DIGITS);
}

/** The QR code of `text` as one SVG path (dark modules), drawn on the server: no script needed. */
export function qrCodePath(text: string): { size: number; path: string } {
  const { data, size } = encode(text, { ecc: "M", border: 2 });
  const path = data.flatMap((row, y) => row.flatMap((dark, x) => (dark ? [`M${x} ${y}h1v1h-1z`] : []))).join("");
  return { size, path };
}

/** The secret grouped in fours, as a person types it into an app. */
export const spacedSecret = (secret: string) => secret.replace(/(.{4})(?=.)/g, "$1 ");
