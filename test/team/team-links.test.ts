import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { fetchWorker, newClientAddress, ORIGIN, postForm, type WorkerOptions } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { apiLogin, askForPasswordReset, createStaffUser, isAuthenticated, sessionCookie } from "../support/staff";

// Invitation and password-reset links: single use (also under concurrent use), 72 hours and
// 30 minutes by the Worker's clock, revocable, emailed through the queue with links from SITE_URL,
// never in the audit log, and "Forgot password?" that answers the same for every account.

const PASSWORD = "a long enough password for tests";
const SITE_URL = "https://shop.example";
// wrangler.toml types SITE_URL as its production placeholder (""); a test's value goes in as a var.
const withSiteUrl = (bindings: Partial<Cloudflare.Env>): Partial<Cloudflare.Env> =>
  Object.assign({}, bindings, { SITE_URL });
// A browser's writes carry the site's origin: SITE_URL's when the Worker has one.
const originFor = (bindings?: Partial<Cloudflare.Env>) => (bindings && "SITE_URL" in bindings ? SITE_URL : ORIGIN);
const HOUR = 60 * 60 * 1000;

async function owner(username: string) {
  await createStaffUser(username, PASSWORD, "owner");
  return sessionCookie(await apiLogin(username, PASSWORD));
}

function ownerPost(cookie: string, path: string, body: unknown, options: WorkerOptions = {}) {
  return fetchWorker(
    path,
    {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json", Origin: originFor(options.bindings) },
      body: JSON.stringify(body),
    },
    options,
  );
}

async function invite(cookie: string, body: unknown = { role: "staff" }, options: WorkerOptions = {}) {
  const response = await ownerPost(cookie, "/api/team/invitations", body, options);
  expect(response.status).toBe(201);
  return response.json<{ id: string; url: string; expiresAt: string }>();
}

const pathOf = (url: string) => new URL(url).pathname;

const join = (path: string, username: string, options: WorkerOptions = {}) =>
  postForm(path, { username, displayName: "New Person", password: PASSWORD }, options);

async function auditCount(action: string) {
  const row = await env.DB.prepare("select count(*) as n from audit_log where action = ?")
    .bind(action)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("invitations", () => {
  it("makes a 72-hour link that signs the invitee in once, then answers 410", async () => {
    const cookie = await owner("inv-owner");
    const started = Date.now();
    const { url, expiresAt } = await invite(cookie, { role: "staff" });
    expect(pathOf(url)).toMatch(/^\/join\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(expiresAt) - started).toBeGreaterThanOrEqual(72 * HOUR - 5000);
    expect(Date.parse(expiresAt) - started).toBeLessThanOrEqual(72 * HOUR + 5000);

    const page = await fetchWorker(pathOf(url));
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(page.headers.get("Cache-Control")).toBe("no-store");
    expect(await page.text()).toContain("inv-owner invited you");

    const joined = await join(pathOf(url), "new-member");
    expect(joined.status).toBe(302);
    expect(joined.headers.get("Location")).toBe("/incoming");
    expect(await isAuthenticated(sessionCookie(joined))).toBe(true);
    const row = await env.DB.prepare("select role, display_name from users where username = 'new-member'").first();
    expect(row).toEqual({ role: "staff", display_name: "New Person" });

    expect(await auditCount("team.invite")).toBe(1);
    expect(await auditCount("team.join")).toBe(1);

    expect((await join(pathOf(url), "another-member")).status).toBe(410);
    expect((await fetchWorker(pathOf(url))).status).toBe(410);
  });

  it("takes the join form from its own no-referrer page (Origin: null, same-origin), not from elsewhere", async () => {
    const { url } = await invite(await owner("null-origin-owner"));
    const post = (headers: Record<string, string>, username: string) =>
      fetchWorker(pathOf(url), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", ...headers },
        body: new URLSearchParams({ username, password: PASSWORD }),
      });
    expect((await post({ Origin: "null", "Sec-Fetch-Site": "cross-site" }, "null-cross")).status).toBe(403);
    expect((await post({ Origin: "null" }, "null-unknown")).status).toBe(403);
    const same = await post({ Origin: "null", "Sec-Fetch-Site": "same-origin" }, "null-same");
    expect(same.status, (await same.clone().text()).slice(-600)).toBe(302);
  });

  it("lets one of two concurrent uses of a link win", async () => {
    const { url } = await invite(await owner("race-owner"));
    const answers = await Promise.all([join(pathOf(url), "racer-one"), join(pathOf(url), "racer-two")]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
    const made = await env.DB.prepare(
      "select count(*) as n from users where username in ('racer-one', 'racer-two')",
    ).first<{ n: number }>();
    expect(made?.n).toBe(1);
  });

  it("expires after 72 hours by the Worker's clock", async () => {
    const at = new Date();
    const { url } = await invite(await owner("expiry-owner"), { role: "staff" }, { at });
    expect((await fetchWorker(pathOf(url), {}, { at: new Date(at.getTime() + 71 * HOUR) })).status).toBe(200);
    const late = new Date(at.getTime() + 72 * HOUR + 1000);
    expect((await fetchWorker(pathOf(url), {}, { at: late })).status).toBe(410);
    expect((await join(pathOf(url), "too-late", { at: late })).status).toBe(410);
  });

  it("stops working once revoked", async () => {
    const cookie = await owner("revoke-owner");
    const { id, url } = await invite(cookie);
    const revoke = () =>
      fetchWorker(`/api/team/invitations/${id}`, { method: "DELETE", headers: { Cookie: cookie, Origin: ORIGIN } });
    expect((await revoke()).status).toBe(204);
    expect((await revoke()).status).toBe(404);
    expect((await join(pathOf(url), "revoked-invitee")).status).toBe(410);
    expect(await auditCount("team.invite-revoke")).toBe(1);
  });

  it("answers 404 for a link we never made, and keeps a link whose username was taken", async () => {
    expect((await fetchWorker(`/join/${crypto.randomUUID()}.${"A".repeat(43)}`)).status).toBe(404);
    const { url } = await invite(await owner("taken-owner"));
    const tampered = pathOf(url).slice(0, -1) + (pathOf(url).endsWith("A") ? "B" : "A");
    expect((await fetchWorker(tampered)).status).toBe(404);
    const taken = await join(pathOf(url), "taken-owner");
    expect(taken.status).toBe(400);
    expect(await taken.text()).toContain("That username is taken");
    expect((await join(pathOf(url), "taken-free")).status).toBe(302);
  });

  it("emails the link from SITE_URL with who invited and until when, and never stores or records the token", async () => {
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const bindings = withSiteUrl({ NOTIFY_QUEUE: queue });
    const { url } = await invite(
      await owner("mail-owner"),
      { role: "owner", email: "New.Owner@Example.com" },
      { bindings },
    );
    const token = pathOf(url).slice("/join/".length);
    expect(JSON.stringify(queue.bodies)).not.toContain(token.split(".")[1]);

    await deliverQueued(queue, { ...bindings, NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent).toHaveLength(1);
    const [mail] = mailer.sent;
    expect(mail?.to).toBe("new.owner@example.com");
    expect(mail?.mail.text).toContain(`${SITE_URL}/join/${token}`);
    expect(mail?.mail.text).toContain("mail-owner invited you");
    expect(mail?.mail.text).toMatch(/expires [A-Z][a-z]{2} \d+, \d{4}/);

    const { results } = await env.DB.prepare("select * from audit_log").all();
    const { results: tokens } = await env.DB.prepare("select * from staff_tokens").all();
    for (const stored of [results, tokens]) expect(JSON.stringify(stored)).not.toContain(token.split(".")[1]);
  });
});

describe("password resets", () => {
  async function memberWithSessions(username: string, email: string | null = null) {
    await createStaffUser(username, PASSWORD, "staff");
    if (email) await env.DB.prepare("update users set email = ? where username = ?").bind(email, username).run();
    return [sessionCookie(await apiLogin(username, PASSWORD)), sessionCookie(await apiLogin(username, PASSWORD))];
  }

  it("an owner's reset link sets a new password once and ends every session of the account", async () => {
    const cookie = await owner("reset-owner");
    const sessions = await memberWithSessions("reset-target");
    const response = await ownerPost(cookie, "/api/team/reset-target/password-reset", {});
    expect(response.status).toBe(201);
    const { url, expiresAt } = await response.json<{ url: string; expiresAt: string }>();
    expect(Date.parse(expiresAt) - Date.now()).toBeLessThanOrEqual(30 * 60 * 1000);

    const page = await fetchWorker(pathOf(url));
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    const newPassword = "a brand new password, long enough";
    const done = await postForm(pathOf(url), { password: newPassword });
    expect(done.status).toBe(302);
    expect(done.headers.get("Location")).toBe("/login");
    for (const session of sessions) expect(await isAuthenticated(session)).toBe(false);
    expect((await apiLogin("reset-target", PASSWORD)).status).toBe(401);
    expect((await apiLogin("reset-target", newPassword)).status).toBe(200);

    expect((await postForm(pathOf(url), { password: "yet another long password" })).status).toBe(410);
    expect(await auditCount("password.reset-request")).toBeGreaterThanOrEqual(1);
    expect(await auditCount("password.reset")).toBe(1);
  });

  it("expires after 30 minutes, and a newer link replaces an older one", async () => {
    const cookie = await owner("expiry-reset-owner");
    await memberWithSessions("expiry-reset-target");
    const at = new Date();
    const issue = async () =>
      (
        await (
          await ownerPost(cookie, "/api/team/expiry-reset-target/password-reset", {}, { at })
        ).json<{ url: string }>()
      ).url;
    const older = await issue();
    const newer = await issue();
    expect((await fetchWorker(pathOf(older))).status).toBe(410);
    expect((await fetchWorker(pathOf(newer), {}, { at: new Date(at.getTime() + 29 * 60 * 1000) })).status).toBe(200);
    expect((await fetchWorker(pathOf(newer), {}, { at: new Date(at.getTime() + 31 * 60 * 1000) })).status).toBe(410);
  });

  it("lets one of two concurrent uses of a reset link win", async () => {
    const cookie = await owner("race-reset-owner");
    await memberWithSessions("race-reset-target");
    const { url } = await (
      await ownerPost(cookie, "/api/team/race-reset-target/password-reset", {})
    ).json<{ url: string }>();
    const answers = await Promise.all([
      postForm(pathOf(url), { password: "first racing password!!" }),
      postForm(pathOf(url), { password: "second racing password!" }),
    ]);
    expect(answers.map((answer) => answer.status).sort()).toEqual([302, 410]);
  });
});

describe("forgot password (/login/reset)", () => {
  it("answers the same for a known and an unknown account, and emails only the known one", async () => {
    await createStaffUser("forgetful", PASSWORD, "staff");
    await env.DB.prepare("update users set email = 'forgetful@example.com' where username = 'forgetful'").run();
    const queue = recordingQueue();
    // Both are queued as typed (the same work either way); the queue's consumer looks them up.
    const bindings = withSiteUrl({ NOTIFY_QUEUE: queue });
    const known = await askForPasswordReset("Forgetful@Example.com", { bindings });
    expect(queue.bodies).toHaveLength(1);
    const unknown = await askForPasswordReset("nobody@example.com", { bindings });
    expect(queue.bodies).toHaveLength(2);
    expect([known.status, known.headers.get("Location")]).toEqual([302, "/login/reset"]);
    expect([unknown.status, unknown.headers.get("Location")]).toEqual([302, "/login/reset"]);
    expect(await known.text()).toBe(await unknown.text());

    const mailer = recordingMailer();
    await deliverQueued(queue, withSiteUrl({ NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue }));
    expect(mailer.sent.map((sent) => sent.to)).toEqual(["forgetful@example.com"]);
    expect(mailer.sent[0]?.mail.text).toMatch(new RegExp(`${SITE_URL}/login/reset/[0-9a-f-]{36}\\.`));
  });

  it("is throttled per client, never locking the account out", async () => {
    await createStaffUser("throttled-reset", PASSWORD, "staff");
    const client = newClientAddress();
    const statuses = [];
    for (let attempt = 0; attempt < 5; attempt++) {
      statuses.push((await askForPasswordReset("throttled-reset", { client })).status);
    }
    expect(statuses.slice(0, 3)).toEqual([302, 302, 302]);
    expect(statuses.at(-1)).toBe(429);
    // Someone else, and the account itself, are not held back by those requests.
    expect((await askForPasswordReset("throttled-reset")).status).toBe(302);
    expect((await apiLogin("throttled-reset", PASSWORD, { client })).status).toBe(200);
  });
});
