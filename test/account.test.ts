import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import {
  createStaffUser,
  fetchWorker,
  insertInboxRecords,
  isAuthenticated,
  newClientAddress,
  ORIGIN,
  sessionCookie,
  sessionIdOf,
  staffApi,
  toastCookie,
} from "./helpers";

// A member's own account: name and email, password, and the browsers they are signed in on.

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/140.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1";

let counter = 0;
async function newMember(role: "owner" | "staff" = "staff") {
  counter += 1;
  const username = `acct${counter}-${crypto.randomUUID().slice(0, 6)}`;
  const password = `${username} long enough password`;
  const id = await createStaffUser(username, password, role);
  return { id, username, password };
}

/** Signs in through the API from a browser, with the platform's guess at its place. */
async function signIn(
  member: { username: string; password: string },
  { userAgent = CHROME_ON_WINDOWS, cf }: { userAgent?: string; cf?: Record<string, string> } = {},
) {
  const response = await fetchWorker("/api/login", {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress(), "User-Agent": userAgent },
    body: JSON.stringify({ username: member.username, password: member.password }),
    cf,
  } as RequestInit);
  expect(response.status).toBe(200);
  return sessionCookie(response);
}

/** A page's HTML without the comments React puts between adjacent pieces of text. */
async function pageText(path: string, cookie: string): Promise<string> {
  const html = await (await fetchWorker(path, { headers: { Cookie: cookie } })).text();
  return html.replaceAll("<!-- -->", "");
}

type SessionJson = { id: string; browser: string | null; place: string | null; current: boolean; signedInAt: string };

async function sessionsOf(cookie: string): Promise<SessionJson[]> {
  const response = await staffApi(cookie, "/api/account/sessions");
  expect(response.status).toBe(200);
  return response.json();
}

/** A plain form post to the account page, as a browser without JavaScript sends it. */
function postAccountForm(cookie: string, fields: Record<string, string>) {
  return fetchWorker("/incoming/account", {
    method: "POST",
    redirect: "manual",
    headers: {
      Cookie: cookie,
      "Content-Type": "application/x-www-form-urlencoded",
      Origin: ORIGIN,
      "Sec-Fetch-Site": "same-origin",
      "CF-Connecting-IP": newClientAddress(),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

describe("the sessions of a member", () => {
  it("lists each signed-in browser with its browser, place and times, the current one marked", async () => {
    const member = await newMember();
    const phone = await signIn(member, {
      userAgent: SAFARI_ON_IPHONE,
      cf: { city: "Pikesville", region: "Maryland", country: "US" },
    });
    const desk = await signIn(member);

    const sessions = await sessionsOf(desk);
    expect(sessions).toHaveLength(2);
    expect(sessions[0]).toMatchObject({ browser: "Chrome on Windows", current: true });
    expect(sessions[1]).toMatchObject({ browser: "Safari on iOS", place: "Pikesville, Maryland, US", current: false });
    expect((await sessionsOf(phone)).find((session) => session.current)?.browser).toBe("Safari on iOS");

    const page = await pageText("/incoming/account", desk);
    expect(page).toContain("Safari on iOS");
    expect(page).toContain("Near Pikesville, Maryland, US");
    expect(page).toContain("This browser");
  });

  it("writes the last sign-in time when a session starts", async () => {
    const member = await newMember();
    const at = new Date("2026-11-24T15:00:00Z");
    await fetchWorker(
      "/api/login",
      {
        method: "POST",
        headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
        body: JSON.stringify({ username: member.username, password: member.password }),
      },
      { at },
    );
    const row = await env.DB.prepare("select last_sign_in_at from users where id = ?")
      .bind(member.id)
      .first<{ last_sign_in_at: number }>();
    expect(row?.last_sign_in_at).toBe(at.getTime());
  });

  it("signs out another session through the API: it stops at its next request, its KV entry gone", async () => {
    const member = await newMember();
    const other = await signIn(member);
    const mine = await signIn(member);
    const otherId = (await sessionsOf(mine)).find((session) => !session.current)!.id;

    const response = await staffApi(mine, `/api/account/sessions/${otherId}`, { method: "DELETE" });
    expect(response.status).toBe(204);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    expect(await isAuthenticated(other)).toBe(false);
    expect(await env.SESSIONS.get(sessionIdOf(other))).toBeNull();
    const page = await fetchWorker("/incoming", { headers: { Cookie: other }, redirect: "manual" });
    expect(page.headers.get("Location")).toBe("/login");
    expect(await isAuthenticated(mine)).toBe(true);
    expect(await sessionsOf(mine)).toHaveLength(1);

    const again = await staffApi(mine, `/api/account/sessions/${otherId}`, { method: "DELETE" });
    expect(again.status).toBe(404);
  });

  it("stops a session whose registry row was ended elsewhere, even while KV still holds it", async () => {
    const member = await newMember();
    const cookie = await signIn(member);
    expect(await isAuthenticated(cookie)).toBe(true);
    // As another location would see it: the row ended in D1, KV not yet caught up.
    await env.DB.prepare("update staff_sessions set ended_at = ? where user_id = ?").bind(Date.now(), member.id).run();
    expect(await env.SESSIONS.get(sessionIdOf(cookie))).not.toBeNull();
    expect(await isAuthenticated(cookie)).toBe(false);
  });

  it("does not let a member end someone else's session (404)", async () => {
    const owner = await newMember("owner");
    const other = await newMember();
    const theirs = await signIn(other);
    const theirId = (await sessionsOf(theirs))[0]!.id;
    const mine = await signIn(owner);
    const response = await staffApi(mine, `/api/account/sessions/${theirId}`, { method: "DELETE" });
    expect(response.status).toBe(404);
    expect(await isAuthenticated(theirs)).toBe(true);
  });

  it("signs out everywhere else from the page without JavaScript, and one session by its form", async () => {
    const member = await newMember();
    const first = await signIn(member);
    const second = await signIn(member);
    const third = await signIn(member);
    const mine = await signIn(member);
    const firstId = (await sessionsOf(first)).find((session) => session.current)!.id;

    const one = await postAccountForm(mine, { intent: "end-session", sessionId: firstId });
    expect(one.status).toBe(302);
    expect(one.headers.get("Location")).toBe("/incoming/account");
    expect(await isAuthenticated(first)).toBe(false);
    expect(await isAuthenticated(second)).toBe(true);

    const rest = await postAccountForm(mine, { intent: "end-other-sessions" });
    expect(rest.status).toBe(302);
    const shown = await (
      await fetchWorker("/incoming/account", { headers: { Cookie: `${mine}; ${toastCookie(rest)}` } })
    ).text();
    expect(shown).toContain("2 other sessions were signed out.");
    expect(await isAuthenticated(second)).toBe(false);
    expect(await isAuthenticated(third)).toBe(false);
    expect(await isAuthenticated(mine)).toBe(true);
  });
});

describe("changing one's password", () => {
  it("keeps the current session, ends every other, and takes the new password at the next sign-in", async () => {
    const member = await newMember();
    const other = await signIn(member);
    const mine = await signIn(member);
    const newPassword = "a brand new long password";

    const response = await staffApi(mine, "/api/account/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: member.password, newPassword }),
    });
    expect(response.status).toBe(200);
    expect(await isAuthenticated(mine)).toBe(true);
    expect(await isAuthenticated(other)).toBe(false);
    expect((await sessionsOf(mine)).map((session) => session.current)).toEqual([true]);

    await expect(signIn({ ...member, password: newPassword })).resolves.toEqual(expect.any(String));
    const old = await fetchWorker("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
      body: JSON.stringify({ username: member.username, password: member.password }),
    });
    expect(old.status).toBe(401);
  });

  it("refuses a wrong current password with 400 and a field error, changing nothing", async () => {
    const member = await newMember();
    const other = await signIn(member);
    const mine = await signIn(member);
    const response = await staffApi(mine, "/api/account/password", {
      method: "POST",
      body: JSON.stringify({ currentPassword: "not my password at all", newPassword: "another long password" }),
    });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      message: "The password was not changed.",
      fieldErrors: { currentPassword: ["That is not your current password."] },
    });
    expect(await isAuthenticated(other)).toBe(true);
  });

  it("shows the page's form again with the message and without the passwords, without JavaScript", async () => {
    const member = await newMember();
    const mine = await signIn(member);
    const response = await postAccountForm(mine, {
      intent: "password",
      currentPassword: "wrong current password",
      newPassword: "another long password",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(html).toContain("That is not your current password.");
    expect(html).not.toContain("another long password");

    const short = await postAccountForm(mine, {
      intent: "password",
      currentPassword: member.password,
      newPassword: "short",
    });
    expect(short.status).toBe(400);
    expect(await short.text()).toContain("The password must be at least 12 characters long.");
  });
});

describe("name and email", () => {
  it("reads and changes them through the API; a field left out stays, null removes it", async () => {
    const member = await newMember();
    const cookie = await signIn(member);
    const email = `${member.username}@shop.example`;
    const patch = (body: unknown) => staffApi(cookie, "/api/account", { method: "PATCH", body: JSON.stringify(body) });

    expect(await (await patch({ displayName: "Dana Whitfield", email: email.toUpperCase() })).json()).toEqual({
      username: member.username,
      displayName: "Dana Whitfield",
      email,
      role: "staff",
    });
    expect(await (await patch({ displayName: null })).json()).toMatchObject({ displayName: null, email });
    const read = await staffApi(cookie, "/api/account");
    expect(read.headers.get("Cache-Control")).toBe("no-store");
    expect(await read.json()).toMatchObject({ displayName: null, email });
  });

  it("answers 400 with field errors for bad input and an email another account has", async () => {
    const first = await newMember();
    const taken = `${first.username}@shop.example`;
    await staffApi(await signIn(first), "/api/account", { method: "PATCH", body: JSON.stringify({ email: taken }) });
    const cookie = await signIn(await newMember());
    const patch = (body: unknown) => staffApi(cookie, "/api/account", { method: "PATCH", body: JSON.stringify(body) });

    const bad = await patch({ displayName: "x".repeat(61), email: "not an email" });
    expect(bad.status).toBe(400);
    const body: { fieldErrors: Record<string, string[]> } = await bad.json();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["displayName", "email"]);

    const control = await patch({ displayName: "Dana\u0007" });
    expect(control.status).toBe(400);

    const clash = await patch({ email: taken });
    expect(clash.status).toBe(400);
    expect(await clash.json()).toMatchObject({
      fieldErrors: { email: ["Another account already uses this email address."] },
    });
  });

  it("shows the display name in a record's history, the username when there is none", async () => {
    const member = await newMember();
    const cookie = await signIn(member);
    const [id] = await insertInboxRecords("contact", [{}]);
    const setStatus = (status: string) =>
      staffApi(cookie, `/api/contact-submissions/${id}`, { method: "PATCH", body: JSON.stringify({ status }) });

    await setStatus("contacted");
    let html = await pageText(`/incoming/contact-messages/${id}`, cookie);
    expect(html).toContain(`by ${member.username},`);

    const saved = await postAccountForm(cookie, { intent: "profile", displayName: "Dana Whitfield", email: "" });
    expect(saved.status).toBe(302);
    html = await pageText(`/incoming/contact-messages/${id}`, cookie);
    expect(html).toContain("by Dana Whitfield,");
  });
});

describe("the account endpoints' doors", () => {
  const endpoints: [string, string, string?][] = [
    ["GET", "/api/account"],
    ["PATCH", "/api/account", "{}"],
    ["POST", "/api/account/password", "{}"],
    ["GET", "/api/account/sessions"],
    ["DELETE", "/api/account/sessions/some-id"],
  ];

  it("answer 401 without a session", async () => {
    for (const [method, path, body] of endpoints) {
      const response = await fetchWorker(path, {
        method,
        body,
        headers: body ? { "Content-Type": "application/json" } : {},
      });
      expect(response.status, `${method} ${path}`).toBe(401);
    }
  });

  it("refuse cross-site writes and change nothing", async () => {
    const member = await newMember();
    const cookie = await signIn(member);
    const other = await signIn(member);
    const otherId = (await sessionsOf(other)).find((session) => session.current)!.id;
    const crossSite = { Cookie: cookie, Origin: "https://evil.example", "Sec-Fetch-Site": "cross-site" };
    const patch = await fetchWorker("/api/account", {
      method: "PATCH",
      headers: { ...crossSite, "Content-Type": "application/json" },
      body: JSON.stringify({ displayName: "Mallory" }),
    });
    expect(patch.status).toBe(403);
    const end = await fetchWorker(`/api/account/sessions/${otherId}`, { method: "DELETE", headers: crossSite });
    expect(end.status).toBe(403);
    const form = await fetchWorker("/incoming/account", {
      method: "POST",
      headers: { ...crossSite, "Content-Type": "application/x-www-form-urlencoded" },
      body: "intent=end-other-sessions",
    });
    expect(form.status).toBe(403);
    expect(await isAuthenticated(other)).toBe(true);
    expect(await (await staffApi(cookie, "/api/account")).json()).toMatchObject({ displayName: null });
  });

  it("answer 400 with field errors when the password change lacks its fields", async () => {
    const cookie = await signIn(await newMember());
    const response = await staffApi(cookie, "/api/account/password", { method: "POST", body: JSON.stringify({}) });
    expect(response.status).toBe(400);
    expect(await response.json()).toMatchObject({
      fieldErrors: {
        currentPassword: ["Your current password is required."],
        newPassword: ["A new password is required."],
      },
    });
  });
});
