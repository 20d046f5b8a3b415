import { expect } from "vitest";
import { fetchWorker, newClientAddress } from "./http";
import { createStaffUser, postStaffForm, sessionCookie, staffApi } from "./staff";

// What the account tests share: members, sign-ins from a given browser and place, the sessions
// API, and the account page's forms as a browser without JavaScript posts them.

export const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
export const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let counter = 0;
export async function newMember(role: "owner" | "staff" = "staff") {
  counter += 1;
  const username = `acct${counter}-${crypto.randomUUID().slice(0, 6)}`;
  const password = `${username} long enough password`;
  const id = await createStaffUser(username, password, role);
  return { id, username, password };
}

/** Signs in through the API from a browser, with the platform's guess at its place. */
export async function signIn(
  member: { username: string; password: string },
  { userAgent = CHROME_ON_WINDOWS, cf }: { userAgent?: string; cf?: Record<string, string> } = {},
) {
  const response = await fetchWorker("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress(), "User-Agent": userAgent },
    body: JSON.stringify({ username: member.username, password: member.password }),
    cf,
  });
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/** A page's HTML without the comments React puts between adjacent pieces of text. */
export async function pageText(path: string, cookie: string): Promise<string> {
  const html = await (await fetchWorker(path, { headers: { Cookie: cookie } })).text();
  return html.replaceAll("<!-- -->", "");
}

export type SessionJson = {
  id: string;
  browser: string | null;
  place: string | null;
  current: boolean;
  signedInAt: string;
};

export async function sessionsOf(cookie: string): Promise<SessionJson[]> {
  const response = await staffApi(cookie, "/api/account/sessions");
  expect(response.status).toBe(200);
  return response.json();
}

/** A plain form post to the account page, as a browser without JavaScript sends it. */
export function postAccountForm(cookie: string, fields: Record<string, string>) {
  return postStaffForm(cookie, "/incoming/account", fields);
}
