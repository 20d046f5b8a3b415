import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, refusedPage, workerAt } from "../support/http";
import { isAuthenticated, sessionCookie, sessionIdOf, staffApi, toastCookie } from "../support/staff";
import { newMember, pageText, postAccountForm, SAFARI_ON_IPHONE, sessionsOf, signIn } from "../support/account";

// A member's sessions and password: the browsers they are signed in on, signed out one by one or
// everywhere else, and a password change that keeps this session and ends the others.

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

  it("writes 'last seen' at most once every 5 minutes, so reading pages stays a read", async () => {
    const member = await newMember();
    const start = new Date();
    const worker = workerAt(start);
    const login = await worker.fetch("/api/login", {
      method: "POST",
      headers: { "Content-Type": "application/json", "CF-Connecting-IP": newClientAddress() },
      body: JSON.stringify({ username: member.username, password: member.password }),
    });
    const cookie = sessionCookie(login);
    const lastSeenAfter = async (minutes: number) => {
      worker.setTime(new Date(start.getTime() + minutes * 60_000));
      expect((await worker.fetch("/api/account", { headers: { Cookie: cookie } })).status).toBe(200);
      const row = await env.DB.prepare("select last_seen_at from staff_sessions where user_id = ?")
        .bind(member.id)
        .first<{ last_seen_at: number }>();
      return (row!.last_seen_at - start.getTime()) / 60_000;
    };
    expect(await lastSeenAfter(4)).toBe(0);
    expect(await lastSeenAfter(5)).toBe(5);
    expect(await lastSeenAfter(9)).toBe(5);
    expect(await lastSeenAfter(10)).toBe(10);
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
    const html = await refusedPage(response, ["That is not your current password."]);
    expect(html).not.toContain("another long password");

    const short = await postAccountForm(mine, {
      intent: "password",
      currentPassword: member.password,
      newPassword: "short",
    });
    await refusedPage(short, ["The password must be at least 12 characters long."]);
  });
});
