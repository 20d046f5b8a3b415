import { describe, expect, it } from "vitest";
import { fetchWorker } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { isAuthenticated, staffApi } from "../support/staff";
import { newMember, pageText, postAccountForm, sessionsOf, signIn } from "../support/account";

// A member's name and email, the display name in a record's history, and the account endpoints'
// doors (401 without a session, cross-site writes refused, 400 with field errors).

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
