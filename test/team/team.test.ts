import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, ORIGIN } from "../support/http";
import { apiLogin, createStaffUser, isAuthenticated, pageLogin, sessionCookie, staffApi } from "../support/staff";

// The team as owners run it (/incoming/team, /api/team): roles, disable and enable, removal, the
// last active owner, and one audit entry per change.

const PASSWORD = "a long enough password for tests";

async function member(username: string, role: "owner" | "staff" = "staff") {
  await createStaffUser(username, PASSWORD, role);
  return sessionCookie(await apiLogin(username, PASSWORD));
}

const patch = (cookie: string, username: string, body: unknown) =>
  staffApi(cookie, `/api/team/${username}`, { method: "PATCH", body: JSON.stringify(body) });

/** A team page form, posted as a browser without JavaScript sends it. */
const teamForm = (cookie: string, fields: Record<string, string>) =>
  fetchWorker("/incoming/team", {
    method: "POST",
    redirect: "manual",
    headers: { Cookie: cookie, "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
    body: new URLSearchParams(fields),
  });

async function userRow(username: string) {
  return env.DB.prepare("select role, disabled_at, removed_at, email from users where username = ?")
    .bind(username)
    .first<{ role: string; disabled_at: number | null; removed_at: number | null; email: string | null }>();
}

async function auditEntries(action: string, target: string) {
  const { results } = await env.DB.prepare("select * from audit_log where action = ? and target = ?")
    .bind(action, target)
    .all<{ actor_name: string; detail: string | null; client: string | null }>();
  return results;
}

/** Makes every other active owner staff, so that `username` is the last one. */
async function onlyOwner(username: string) {
  await env.DB.prepare("update users set role = 'staff' where username <> ? and role = 'owner'").bind(username).run();
}

describe("the team API", () => {
  it("lists every account that is not removed, without secrets", async () => {
    const owner = await member("list-owner", "owner");
    await member("list-staff");
    const response = await staffApi(owner, "/api/team");
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = await response.json<{ members: Record<string, unknown>[] }>();
    const staff = body.members.find((each) => each.username === "list-staff");
    expect(staff).toMatchObject({ role: "staff", status: "active", displayName: null, email: null });
    expect(JSON.stringify(body)).not.toContain("scrypt");
  });

  it("refuses a staff member, who cannot raise their own role (API and form)", async () => {
    const staff = await member("climber");
    expect((await patch(staff, "climber", { role: "owner" })).status).toBe(403);
    const form = await teamForm(staff, { intent: "role", username: "climber", role: "owner" });
    expect(form.status).toBe(403);
    expect((await userRow("climber"))?.role).toBe("staff");
  });

  it("changes a role and records who did it", async () => {
    const owner = await member("role-owner", "owner");
    await member("role-target");
    const response = await patch(owner, "role-target", { role: "owner" });
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({ username: "role-target", role: "owner" });
    const entries = await auditEntries("team.role", "role-target");
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actor_name: "role-owner" });
    expect(JSON.parse(entries[0]!.detail!)).toEqual({ role: "owner" });
  });

  it("answers 400 with field errors for bad input, 404 for an unknown name", async () => {
    const owner = await member("bad-input-owner", "owner");
    const bad = await patch(owner, "bad-input-owner", { role: "boss", disabled: "yes" });
    expect(bad.status).toBe(400);
    const body = await bad.json<{ fieldErrors: Record<string, string[]> }>();
    expect(Object.keys(body.fieldErrors).sort()).toEqual(["disabled", "role"]);
    expect((await patch(owner, "bad-input-owner", {})).status).toBe(400);
    expect((await patch(owner, "nobody-here", { role: "staff" })).status).toBe(404);
    expect((await staffApi(owner, "/api/team/nobody-here", { method: "DELETE" })).status).toBe(404);
  });

  it("refuses a cross-site write", async () => {
    const owner = await member("cross-owner", "owner");
    await member("cross-target");
    const response = await staffApi(owner, "/api/team/cross-target", {
      method: "PATCH",
      headers: { Origin: "https://evil.example" },
      body: JSON.stringify({ disabled: true }),
    });
    expect(response.status).toBe(403);
    expect((await userRow("cross-target"))?.disabled_at).toBeNull();
  });
});

describe("the last active owner", () => {
  it("cannot be demoted, disabled or removed, by the API or the page; nothing changes", async () => {
    const owner = await member("last-owner", "owner");
    await onlyOwner("last-owner");
    for (const body of [{ role: "staff" }, { disabled: true }]) {
      const response = await patch(owner, "last-owner", body);
      expect(response.status).toBe(409);
      expect((await response.json<{ message: string }>()).message).toMatch(/at least one active owner/);
    }
    expect((await staffApi(owner, "/api/team/last-owner", { method: "DELETE" })).status).toBe(409);
    const form = await teamForm(owner, { intent: "remove", username: "last-owner", confirm: "yes" });
    expect(form.status).toBe(302);
    expect(await userRow("last-owner")).toMatchObject({ role: "owner", disabled_at: null, removed_at: null });
    expect(await auditEntries("team.role", "last-owner")).toHaveLength(0);
  });

  it("can step down once another owner is active", async () => {
    const first = await member("first-owner", "owner");
    await onlyOwner("first-owner");
    await member("second-owner", "owner");
    expect((await patch(first, "first-owner", { role: "staff" })).status).toBe(200);
    expect((await userRow("first-owner"))?.role).toBe("staff");
  });
});

describe("disabling, enabling and removing", () => {
  it("ends a disabled member's open session at its next request, and refuses their sign-in like a wrong password", async () => {
    const owner = await member("disable-owner", "owner");
    const target = await member("disable-target");
    expect(await isAuthenticated(target)).toBe(true);
    const response = await teamForm(owner, { intent: "disable", username: "disable-target" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/incoming/team");
    expect(await isAuthenticated(target)).toBe(false);
    const inbox = await fetchWorker("/incoming", { headers: { Cookie: target }, redirect: "manual" });
    expect(inbox.headers.get("Location")).toBe("/login");

    const refused = await apiLogin("disable-target", PASSWORD);
    const wrong = await apiLogin("disable-target", "not the password at all");
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual(await wrong.json());
    expect((await pageLogin("disable-target", PASSWORD)).status).toBe(401);
    expect(await auditEntries("team.disable", "disable-target")).toHaveLength(1);
  });

  it("lets an enabled member sign in again, but does not bring back their old sessions", async () => {
    const owner = await member("enable-owner", "owner");
    const target = await member("enable-target");
    await patch(owner, "enable-target", { disabled: true });
    const enabled = await patch(owner, "enable-target", { disabled: false });
    expect(await enabled.json()).toMatchObject({ status: "active" });
    expect(await isAuthenticated(target)).toBe(false);
    expect((await apiLogin("enable-target", PASSWORD)).status).toBe(200);
    expect(await auditEntries("team.enable", "enable-target")).toHaveLength(1);
  });

  it("removes an account after a confirmation: hidden from the team, kept as a row, never signs in", async () => {
    const owner = await member("remove-owner", "owner");
    const target = await member("remove-target");
    const unconfirmed = await teamForm(owner, { intent: "remove", username: "remove-target" });
    expect(unconfirmed.status).toBe(302);
    expect((await userRow("remove-target"))?.removed_at).toBeNull();

    expect((await teamForm(owner, { intent: "remove", username: "remove-target", confirm: "yes" })).status).toBe(302);
    expect((await userRow("remove-target"))?.removed_at).toEqual(expect.any(Number));
    expect(await isAuthenticated(target)).toBe(false);
    expect((await apiLogin("remove-target", PASSWORD)).status).toBe(401);
    const team = await (await staffApi(owner, "/api/team")).json<{ members: { username: string }[] }>();
    expect(team.members.map((each) => each.username)).not.toContain("remove-target");
    expect((await patch(owner, "remove-target", { role: "owner" })).status).toBe(404);
    expect(await auditEntries("team.remove", "remove-target")).toHaveLength(1);
  });
});

describe("the team page", () => {
  it("shows owners every account with its role and status; staff get the 403 page in the staff's words", async () => {
    const owner = await member("page-owner", "owner");
    await member("page-staff");
    const page = await fetchWorker("/incoming/team", { headers: { Cookie: owner } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain("page-staff");
    expect(html).toContain("Invite someone");

    const staff = await member("page-staff-2");
    const refused = await fetchWorker("/incoming/team", { headers: { Cookie: staff } });
    expect(refused.status).toBe(403);
    const refusal = await refused.text();
    expect(refusal).toContain("For the shop&#x27;s owners");
    expect(refusal).toContain("<title>For the shop&#x27;s owners | ");
    expect(refusal).toContain("Back to the inbox");
  });
});
