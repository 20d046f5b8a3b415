import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { totpCodeAt } from "~/features/second-factor/server/totp.server";
import { newMember, pageText } from "../support/account";
import { rowsOf } from "../support/d1";
import { cookieFrom, fetchWorker, newClientAddress, ORIGIN } from "../support/http";
import { apiLogin, sessionCookie, staffApi } from "../support/staff";
import {
  codeAt,
  codeStep,
  giveAuthenticator,
  memberAtCodeStep,
  midStep,
  PENDING_COOKIE,
  passwordStep,
  postForm,
} from "../support/second-factor";

async function auditActions(userId: string): Promise<string[]> {
  const rows = await rowsOf<{ action: string }>("select action from audit_log where actor_id = ? order by id", userId);
  return rows.map((row) => row.action);
}

describe("authenticator codes (RFC 6238)", () => {
  it("computes the RFC's test vector", () => {
    // Secret "12345678901234567890" in base32; T = 59 s gives 94287082, of which 6 digits are shown.
    expect(totpCodeAt("GEZDGNBVGY3TQOJQGEZDGNBVGY3TQOJQ", new Date(59_000))).toBe("287082");
  });

  it("asks for a code after the right password, and answers with no session until then", async () => {
    const member = await newMember();
    await giveAuthenticator(member.id);
    const { response, pending } = await passwordStep(member);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ secondFactor: "required" });
    expect(response.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(false);
    expect(pending).toMatch(new RegExp(`^${PENDING_COOKIE}=`));

    // The half-signed-in browser reads nothing: the inbox sends it to sign in, the API says 401.
    const inbox = await fetchWorker("/incoming", { headers: { Cookie: pending! }, redirect: "manual" });
    expect(inbox.status).toBe(302);
    expect(inbox.headers.get("Location")).toBe("/login");
    expect((await fetchWorker("/api/contact-submissions", { headers: { Cookie: pending! } })).status).toBe(401);
    expect((await fetchWorker("/api/account", { headers: { Cookie: pending! } })).status).toBe(401);
    // The code page is the one place it may go.
    expect((await fetchWorker("/login/code", { headers: { Cookie: pending! } })).status).toBe(200);
  });

  it("accepts the code of this step and of one step either side, each once", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    const at = midStep();
    for (const steps of [-1, 0, 1]) {
      const { pending } = await passwordStep(member, { at });
      const response = await codeStep(pending!, codeAt(secret, at, steps), { at });
      expect(response.status, `step ${steps}`).toBe(200);
      const session = sessionCookie(response);
      expect((await staffApi(session, "/api/contact-submissions")).status).toBe(200);
    }
    expect(await auditActions(member.id)).toEqual(expect.arrayContaining(["second-factor.passed", "sign-in"]));
  });

  it("refuses codes two steps away, and a code already used", async () => {
    const { member, secret, at, pending } = await memberAtCodeStep();
    for (const steps of [-2, 2]) {
      const response = await codeStep(pending, codeAt(secret, at, steps), { at });
      expect(response.status, `step ${steps}`).toBe(401);
      expect(await response.json()).toEqual({ message: expect.stringContaining("not right") });
    }
    expect((await codeStep(pending, codeAt(secret, at), { at })).status).toBe(200);

    // Replayed within its 30 seconds, from the same or another browser: refused.
    const again = await passwordStep(member, { at: new Date(at.getTime() + 5_000) });
    const replay = await codeStep(again.pending!, codeAt(secret, at), { at: new Date(at.getTime() + 5_000) });
    expect(replay.status).toBe(401);
    expect(await auditActions(member.id)).toContain("second-factor.failed");
  });

  it("lets the half-signed-in state lapse after 5 minutes", async () => {
    const { secret, at, pending } = await memberAtCodeStep();
    const later = new Date(at.getTime() + 5 * 60_000 + 1_000);
    const response = await codeStep(pending, codeAt(secret, later), { at: later });
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({ message: expect.stringContaining("5 minutes") });
  });

  it("refuses what is not a code with a clear 400, and a code without a pending sign-in", async () => {
    const member = await newMember();
    await giveAuthenticator(member.id);
    const { pending } = await passwordStep(member);
    for (const code of [123456, "", "x".repeat(100)]) {
      const response = await codeStep(pending!, code);
      expect(response.status, JSON.stringify(code)).toBe(400);
    }
    const without = await fetchWorker("/api/login/second-factor", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: JSON.stringify({ code: "123456" }),
    });
    expect(without.status).toBe(401);
  });

  it("throttles wrong codes per account and browser, never locking out the member's own browser", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    // The member's own browser has signed in here before: its device cookie vouches for it.
    const first = await passwordStep(member);
    const signedIn = await codeStep(first.pending!, codeAt(secret, new Date()));
    const device = cookieFrom(signedIn, "__Host-device");

    // Someone else who has the password guesses codes from one place: 5 tries, then 429.
    const stranger = newClientAddress();
    const { pending } = await passwordStep(member, { client: stranger });
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 6; attempt += 1) {
      statuses.push((await codeStep(pending!, "000000", { client: stranger })).status);
    }
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(statuses[5]).toBe(429);
    const refused = await codeStep(pending!, "000000", { client: stranger });
    expect(refused.headers.get("Retry-After")).toMatch(/^\d+$/);

    // The member, from their own browser, still gets in (the next step's code: the last was used).
    const own = await passwordStep(member, { cookie: device });
    const response = await codeStep(own.pending!, codeAt(secret, new Date(), 1), { cookie: device });
    expect(response.status).toBe(200);
  });
});

describe("recovery codes", () => {
  it("are shown once at enrolment, work once each in place of a code, and can be replaced", async () => {
    const member = await newMember();
    const session = sessionCookie(await apiLogin(member.username, member.password));
    const start = await postForm("/incoming/account/second-factor", session, { intent: "set-up-authenticator" });
    expect(start.status).toBe(302);

    // The page shows the QR code (an SVG drawn on the server) and the secret as text.
    const page = await pageText("/incoming/account", session);
    expect(page).toContain('aria-label="QR code for your authenticator app"');
    const secret = /data-testid="totp-secret"[^>]*>([A-Z2-7 ]+)</.exec(page)![1]!.replaceAll(" ", "");

    const wrong = await postForm("/incoming/account/second-factor", session, {
      intent: "confirm-authenticator",
      code: "000000",
    });
    expect(wrong.status).toBe(302);
    const confirmed = await postForm("/incoming/account/second-factor", session, {
      intent: "confirm-authenticator",
      code: codeAt(secret, new Date()),
    });
    expect(confirmed.status).toBe(200);
    const html = (await confirmed.text()).replaceAll("<!-- -->", "");
    const codes = [...html.matchAll(/<li>([a-z2-7]{5}-[a-z2-7]{5})<\/li>/g)].map((match) => match[1]!);
    expect(codes).toHaveLength(10);
    expect(html).toContain('download="recovery-codes.txt"');
    // Only hashes are stored.
    const stored = await env.DB.prepare("select code_hash from recovery_codes where user_id = ?").bind(member.id).all();
    expect(stored.results).toHaveLength(10);
    expect(JSON.stringify(stored.results)).not.toContain(codes[0]!.replace("-", ""));

    const { pending } = await passwordStep(member);
    expect((await codeStep(pending!, codes[0]!.toUpperCase())).status).toBe(200);
    const again = await passwordStep(member);
    expect((await codeStep(again.pending!, codes[0]!)).status).toBe(401);
    expect(await pageText("/incoming/account", session)).toContain("9</span> of 10 recovery codes left");

    // "Make new codes": the old ones stop working.
    const renewed = await postForm("/incoming/account/second-factor", session, { intent: "new-recovery-codes" });
    expect(renewed.status).toBe(200);
    const third = await passwordStep(member);
    expect((await codeStep(third.pending!, codes[1]!)).status).toBe(401);
    expect(await auditActions(member.id)).toEqual(
      expect.arrayContaining(["second-factor.enrol", "second-factor.recovery-codes"]),
    );

    // "Cancel" only drops a set-up never confirmed; "Turn off" removes the app, and sign-in is one step.
    await postForm("/incoming/account/second-factor", session, { intent: "cancel-setup" });
    expect(await pageText("/incoming/account", session)).toContain("of 10 recovery codes left");
    await postForm("/incoming/account/second-factor", session, { intent: "remove-second-factor" });
    const oneStep = await passwordStep(member);
    expect(await oneStep.response.json<unknown>()).toEqual({ success: true });
  });
});

describe("the sign-in page in two steps, without JavaScript", () => {
  it("sends the form from /login to /login/code, and from there into the inbox", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    const login = await fetchWorker("/login", {
      method: "POST",
      redirect: "manual",
      headers: { "CF-Connecting-IP": newClientAddress() },
      body: new URLSearchParams({ username: member.username, password: member.password }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/login/code");
    const pending = cookieFrom(login, PENDING_COOKIE);
    const wrong = await postForm("/login/code", pending, { code: "000000" });
    expect(wrong.status).toBe(401);
    expect((await wrong.text()).replaceAll("&#x27;", "'")).toContain("That code is not right");
    const right = await postForm("/login/code", pending, { code: codeAt(secret, new Date()) });
    expect(right.status).toBe(302);
    expect(right.headers.get("Location")).toBe("/incoming");
    expect(sessionCookie(right)).toMatch(/^__Host-session=/);
  });
});

describe("owners requiring a second factor", () => {
  it("sends a member without one to set it up before the inbox, and lets them in once they have", async () => {
    const owner = await newMember("owner");
    const ownerSession = sessionCookie(await apiLogin(owner.username, owner.password));
    // The requirement holds for owners too: this one has an app already.
    await giveAuthenticator(owner.id);
    const put = await staffApi(ownerSession, "/api/team/second-factor", {
      method: "PUT",
      body: JSON.stringify({ required: true }),
    });
    expect(put.status).toBe(200);

    const member = await newMember();
    const session = sessionCookie(await apiLogin(member.username, member.password));
    const inbox = await fetchWorker("/incoming", { headers: { Cookie: session }, redirect: "manual" });
    expect(inbox.status).toBe(302);
    expect(inbox.headers.get("Location")).toBe("/incoming/account?required=second-factor");
    const api = await staffApi(session, "/api/contact-submissions");
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ step: "set-up-second-factor" });
    expect(await pageText("/incoming/account", session)).toContain("owners require a second factor");

    await giveAuthenticator(member.id);
    expect((await fetchWorker("/incoming", { headers: { Cookie: session }, redirect: "manual" })).status).toBe(200);

    // The owner turns it off again, so that other tests' members are not asked.
    await staffApi(ownerSession, "/api/team/second-factor", {
      method: "PUT",
      body: JSON.stringify({ required: false }),
    });
  });

  it("lets an owner reset a member's second factor, audited", async () => {
    const owner = await newMember("owner");
    const ownerSession = sessionCookie(await apiLogin(owner.username, owner.password));
    const member = await newMember();
    await giveAuthenticator(member.id);
    const reset = await staffApi(ownerSession, `/api/team/${member.username}/second-factor`, { method: "DELETE" });
    expect(reset.status).toBe(200);
    const { response } = await passwordStep(member);
    expect(await response.json()).toEqual({ success: true });
    expect(await auditActions(owner.id)).toContain("team.second-factor-reset");
  });

  it("shows on the team page who has an authenticator, how many passkeys and recovery codes left", async () => {
    const owner = await newMember("owner");
    const ownerSession = sessionCookie(await apiLogin(owner.username, owner.password));
    const member = await newMember();
    await giveAuthenticator(member.id);
    const now = Date.now();
    await env.DB.batch([
      env.DB.prepare(
        "insert into passkeys (id, user_id, name, public_key, created_at) values (?, ?, 'Front desk PC', 'AAAA', ?)",
      ).bind(crypto.randomUUID(), member.id, now),
      ...[null, null, now].map((usedAt) =>
        env.DB.prepare(
          "insert into recovery_codes (id, user_id, code_hash, created_at, used_at) values (?, ?, ?, ?, ?)",
        ).bind(crypto.randomUUID(), member.id, crypto.randomUUID(), now, usedAt),
      ),
    ]);
    const team = await pageText("/incoming/team", ownerSession);
    const card = team.slice(team.indexOf(`aria-label="${member.username}"`));
    expect(card.slice(0, card.indexOf("</li>"))).toContain("Authenticator app · 1 passkey · 2 recovery codes left");
    const ownCard = team.slice(team.indexOf(`aria-label="${owner.username}"`));
    expect(ownCard.slice(0, ownCard.indexOf("</li>"))).toContain("No authenticator app · 0 passkeys");
  });
});
