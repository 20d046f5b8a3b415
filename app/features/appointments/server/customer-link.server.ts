import { encodeBase64urlNoPadding } from "@oslojs/encoding";
import { addDays, type CalendarDate, shopWallClock } from "~/hours/shop-calendar";
import { hmacSha256, linkKeys, sha256Hex } from "~/keys/keys.server";

// The customer's link, /appointments/<token> (docs/decisions/044-the-calendar-file.md): the token is
// an HMAC of a random per-appointment salt under the "appointment-link" key (keys.server.ts,
// decision 058), so every email (the confirmation, a change, the reminder the cron sends) can carry
// the same link without D1 holding it; D1 keeps the salt and the token's SHA-256, by which a visit
// finds the appointment. A copy of the database alone gives no working link.

/** A fresh salt: 128 random bits. */
export function newTokenSalt(): string {
  return encodeBase64urlNoPadding(crypto.getRandomValues(new Uint8Array(16)));
}

const tokenUnder = (key: Uint8Array, salt: string) =>
  encodeBase64urlNoPadding(hmacSha256(key, `appointment-link:${salt}`));

/** A new appointment's token for its salt: HMAC-SHA-256 under the "appointment-link" key, 256 bits in base64url. */
export async function customerToken(secret: string, salt: string): Promise<string> {
  const [key] = await linkKeys(secret, "appointment-link");
  return tokenUnder(key, salt);
}

/**
 * The token of a booked appointment: the one whose hash D1 keeps, so that every email carries the
 * link the customer already has. Appointments booked before the "appointment-link" key (decision
 * 058) have theirs under the legacy key.
 */
export async function customerTokenOf(
  secret: string,
  appointment: { tokenSalt: string; tokenHash: string },
): Promise<string> {
  const tokens = (await linkKeys(secret, "appointment-link")).map((key) => tokenUnder(key, appointment.tokenSalt));
  return tokens.find((token) => tokenHash(token) === appointment.tokenHash) ?? tokens[0]!;
}

/** What D1 keeps of a token: its SHA-256 in hex. */
export const tokenHash = (token: string): string => sha256Hex(token);

/** A token as a link brings it: base64url, 43 characters. Anything else is not looked up. */
export const isTokenShaped = (token: string | undefined): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

export const customerPath = (token: string) => `/appointments/${token}`;

/** The link works until the end of the day after the appointment (shop time). */
export function linkStillWorks(date: CalendarDate, now: Date): boolean {
  return shopWallClock(now).date <= addDays(date, 1);
}
