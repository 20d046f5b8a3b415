import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newMember } from "../support/account";
import { rowsOf } from "../support/d1";
import { fetchWorker, ORIGIN } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { codeAt, giveAuthenticator, midStep, signInWithCode } from "../support/second-factor";
import { apiLogin, postStaffForm, sessionCookie } from "../support/staff";

// The fresh-check gate (app/routes.ts, docs/security.md): a session whose last check is over 2 hours
// old cannot change how its member signs in, by page or by API, until it is checked again. What a
// stolen, stale session could do before: new recovery codes, the authenticator off, a passkey
// started, the email changed (and from there "Forgot password?" to the thief's address).

const HOURS = 60 * 60_000;

/** A form post from the account page (its Referer), as a browser without JavaScript sends it. */
const accountForm = (path: string, cookie: string, fields: Record<string, string>, at: Date) =>
  postStaffForm(cookie, path, fields, { at, headers: { Referer: `${ORIGIN}/incoming/account` } });

function api(path: string, cookie: string, method: string, body: unknown, at: Date, bindings?: Partial<Env>) {
  return fetchWorker(
    path,
    {
      method,
      headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify(body),
    },
    { at, bindings },
  );
}

async function recoveryHashes(userId: string): Promise<string[]> {
  const rows = await rowsOf<{ code_hash: string }>(
    "select code_hash from recovery_codes where user_id = ? order by code_hash",
    userId,
  );
  return rows.map((row) => row.code_hash);
}

describe("the fresh check before changing how a member signs in", () => {
  it("sends new recovery codes and turning the authenticator off to the check page, then back", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    const at = midStep();
    const session = await signInWithCode(member, secret, at);
    // New codes within 2 hours of the sign-in: straight through.
    const fresh = await accountForm("/incoming/account/second-factor", session, { intent: "new-recovery-codes" }, at);
    expect(fresh.status).toBe(200);
    const before = await recoveryHashes(member.id);
    expect(before).toHaveLength(10);

    const later = midStep(at.getTime() + 3 * HOURS);
    for (const intent of ["new-recovery-codes", "remove-second-factor", "set-up-authenticator"]) {
      const asked = await accountForm("/incoming/account/second-factor", session, { intent }, later);
      expect(asked.status, intent).toBe(302);
      // Back to the page the form was on, once checked.
      expect(asked.headers.get("Location")).toBe(`/incoming/check?next=${encodeURIComponent("/incoming/account")}`);
    }
    expect(await recoveryHashes(member.id)).toEqual(before);
    const { results: secrets } = await env.DB.prepare("select user_id from totp_secrets where user_id = ?")
      .bind(member.id)
      .all();
    expect(secrets).toHaveLength(1);

    const check = await accountForm(
      "/incoming/check",
      session,
      { code: codeAt(secret, later), next: "/incoming/account" },
      later,
    );
    expect(check.status).toBe(302);
    expect(check.headers.get("Location")).toBe("/incoming/account");
    const after = await accountForm(
      "/incoming/account/second-factor",
      session,
      { intent: "new-recovery-codes" },
      later,
    );
    expect(after.status).toBe(200);
    expect(await after.text()).toContain("Save your recovery codes now");
    expect(await recoveryHashes(member.id)).not.toEqual(before);
  });

  it("answers a stale passkey, password or email change over the API with 403 naming the step", async () => {
    const member = await newMember();
    const at = new Date();
    const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
    const later = new Date(at.getTime() + 2 * HOURS + 60_000);
    const calls: [string, string, unknown][] = [
      ["/api/account/passkeys/options", "POST", {}],
      ["/api/account/passkeys", "POST", { name: "Thief's laptop", credential: {} }],
      ["/api/account/password", "POST", { currentPassword: member.password, newPassword: "a brand new long password" }],
      ["/api/account", "PATCH", { email: "thief@example.net" }],
      ["/api/account/sessions", "DELETE", {}],
    ];
    for (const [path, method, body] of calls) {
      const response = await api(path, session, method, body, later);
      expect(response.status, `${method} ${path}`).toBe(403);
      expect(await response.json()).toMatchObject({ step: "password", endpoint: "/api/account/check" });
    }
    const row = await env.DB.prepare("select email from users where id = ?").bind(member.id).first();
    expect(row).toEqual({ email: null });
    const { results } = await env.DB.prepare("select id from webauthn_challenges where user_id = ?")
      .bind(member.id)
      .all();
    expect(results).toEqual([]);
    // Reading the account is still free.
    const read = await fetchWorker("/api/account", { headers: { Cookie: session } }, { at: later });
    expect(read.status).toBe(200);
  });

  it("tells the old address when the email changes, after the check", async () => {
    const member = await newMember();
    await env.DB.prepare("update users set email = ? where id = ?").bind("old@example.com", member.id).run();
    const at = new Date();
    const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
    const later = new Date(at.getTime() + 3 * HOURS);
    const queue = recordingQueue();
    const refused = await api("/api/account", session, "PATCH", { email: "new@example.com" }, later, {
      NOTIFY_QUEUE: queue,
    });
    expect(refused.status).toBe(403);
    expect(queue.bodies).toEqual([]);

    const check = await api("/api/account/check", session, "POST", { password: member.password }, later);
    expect(check.status).toBe(200);
    const changed = await api("/api/account", session, "PATCH", { email: "new@example.com" }, later, {
      NOTIFY_QUEUE: queue,
    });
    expect(changed.status).toBe(200);
    expect(queue.bodies).toEqual([
      { type: "memberNotice", notice: "email-changed", userId: member.id, to: "old@example.com" },
    ]);
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((each) => each.to)).toEqual(["old@example.com"]);
    expect(mailer.sent[0]!.mail.header("subject")).toMatch(/email of your .* staff account was changed/);
    expect(mailer.sent[0]!.mail.text).toContain(member.username);
    expect(mailer.sent[0]!.mail.text).not.toContain("new@example.com");
  });
});
