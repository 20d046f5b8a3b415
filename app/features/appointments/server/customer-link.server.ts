import { addDays, type CalendarDate, shopWallClock } from "~/hours/shop-calendar";

// The customer's link, /appointments/<token> (docs/decisions/044-the-calendar-file.md): the token is
// an HMAC of a random per-appointment salt under the Worker's secret, so every email (the
// confirmation, a change, the reminder the cron sends) can carry the same link without D1 holding
// it; D1 keeps the salt and the token's SHA-256, by which a visit finds the appointment. A copy of
// the database alone gives no working link.

const encoder = new TextEncoder();

function base64Url(bytes: ArrayBuffer | Uint8Array): string {
  let binary = "";
  for (const byte of new Uint8Array(bytes)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

/** A fresh salt: 128 random bits. */
export function newTokenSalt(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(16)));
}

/** The link's token for a salt: HMAC-SHA-256 under the secret, 256 bits in base64url. */
export async function customerToken(secret: string, salt: string): Promise<string> {
  const key = await crypto.subtle.importKey("raw", encoder.encode(secret), { name: "HMAC", hash: "SHA-256" }, false, [
    "sign",
  ]);
  return base64Url(await crypto.subtle.sign("HMAC", key, encoder.encode(`appointment-link:${salt}`)));
}

/** What D1 keeps of a token: its SHA-256 in hex. */
export async function tokenHash(token: string): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", encoder.encode(token));
  return [...new Uint8Array(digest)].map((byte) => byte.toString(16).padStart(2, "0")).join("");
}

/** A token as a link brings it: base64url, 43 characters. Anything else is not looked up. */
export const isTokenShaped = (token: string | undefined): token is string =>
  typeof token === "string" && /^[A-Za-z0-9_-]{43}$/.test(token);

export const customerPath = (token: string) => `/appointments/${token}`;

/** The link works until the end of the day after the appointment (shop time). */
export function linkStillWorks(date: CalendarDate, now: Date): boolean {
  return shopWallClock(now).date <= addDays(date, 1);
}
