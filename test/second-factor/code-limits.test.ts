import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { CODES_IN_A_ROW, CODES_PER_DAY } from "~/features/second-factor/server/code-limits.server";
import { CODES_PER_PENDING_SIGN_IN } from "~/features/sign-in/server/pending-sign-in.server";
import { newMember } from "../support/account";
import { fetchWorker, newClientAddress, ORIGIN } from "../support/http";
import { deliverQueued, recordingMailer, recordingQueue } from "../support/queue";
import { codeAt, codeStep, giveAuthenticator, memberAtCodeStep, midStep, passwordStep } from "../support/second-factor";
import { apiLogin, createStaffUser, isAuthenticated, sessionCookie } from "../support/staff";

// Codes cannot be guessed over time (docs/security.md): 5 codes per pending sign-in (then the
// password again), 20 a day per account wherever they come from, and 100 wrong in a row lock the
// account's codes until a reset link or an owner; the member is emailed. The clock is pinned.

const DAY = 24 * 60 * 60_000;
const WRONG = "000000";

/** A code that is not the member's at `at` (nor a step either side). */
function wrongCode(secret: string, at: Date): string {
  const near = [-1, 0, 1].map((steps) => codeAt(secret, at, steps));
  return near.includes(WRONG) ? "111111" : WRONG;
}

async function accountCounts(userId: string) {
  return env.DB.prepare("select code_failures, code_day_failures, codes_locked_at from users where id = ?")
    .bind(userId)
    .first<{ code_failures: number; code_day_failures: number; codes_locked_at: number | null }>();
}

describe("codes per pending sign-in", () => {
  it("allows 5 codes, then asks for the password again; the next sign-in goes on", async () => {
    const { member, secret, at, pending } = await memberAtCodeStep();
    for (let tried = 0; tried < CODES_PER_PENDING_SIGN_IN; tried++) {
      expect((await codeStep(pending, wrongCode(secret, at), { at })).status).toBe(401);
    }
    // Even the right code is refused now: this sign-in is spent.
    const spent = await codeStep(pending, codeAt(secret, at), { at });
    expect(spent.status).toBe(401);
    expect(await spent.json()).toEqual({ message: expect.stringMatching(/enter your password again/) });

    const again = await passwordStep(member, { at });
    const response = await codeStep(again.pending!, codeAt(secret, at), { at });
    expect(response.status).toBe(200);
  });

  it("works once: the same half-signed-in cookie cannot finish a second sign-in", async () => {
    const { secret, at, pending } = await memberAtCodeStep();
    expect((await codeStep(pending, codeAt(secret, at), { at })).status).toBe(200);
    const replay = await codeStep(pending, codeAt(secret, at, 1), { at });
    expect(replay.status).toBe(401);
    expect(replay.headers.getSetCookie().some((line) => line.startsWith("__Host-session="))).toBe(false);
  });

  it("dies when the password changes on the account page", async () => {
    const { member, secret, at, pending } = await memberAtCodeStep();
    // The member, signed in elsewhere (a passkey, say), changes the password.
    const { pending: own } = await passwordStep(member, { at });
    const session = sessionCookie(await codeStep(own!, codeAt(secret, at), { at }));
    const changed = await fetchWorker(
      "/api/account/password",
      {
        method: "POST",
        headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ currentPassword: member.password, newPassword: "an entirely new long password" }),
      },
      { at },
    );
    expect(changed.status).toBe(200);
    const late = await codeStep(pending, codeAt(secret, at, 1), { at });
    expect(late.status).toBe(401);
  });
});

describe("codes per account", () => {
  it("allows 20 a day from anywhere, then refuses even the right code until the day has passed", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    const at = midStep();
    let wrong = 0;
    while (wrong < CODES_PER_DAY) {
      const { pending } = await passwordStep(member, { at });
      for (let tried = 0; tried < CODES_PER_PENDING_SIGN_IN && wrong < CODES_PER_DAY; tried++, wrong++) {
        expect((await codeStep(pending!, wrongCode(secret, at), { at, client: newClientAddress() })).status).toBe(401);
      }
    }
    const { pending } = await passwordStep(member, { at });
    const refused = await codeStep(pending!, codeAt(secret, at), { at });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(23 * 60 * 60);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/today/) });

    const tomorrow = midStep(at.getTime() + DAY + 60_000);
    const next = await passwordStep(member, { at: tomorrow });
    expect((await codeStep(next.pending!, codeAt(secret, tomorrow), { at: tomorrow })).status).toBe(200);
    // A right code starts the count in a row again.
    expect((await accountCounts(member.id))?.code_failures).toBe(0);
  });

  it("locks codes after 100 wrong in a row, tells the member, and a reset link opens them again", async () => {
    const member = await newMember();
    await env.DB.prepare("update users set email = ? where id = ?").bind("locked@example.com", member.id).run();
    const secret = await giveAuthenticator(member.id);
    // 99 wrong codes over the past days (each day's 20 within the limit).
    await env.DB.prepare("update users set code_failures = ? where id = ?")
      .bind(CODES_IN_A_ROW - 1, member.id)
      .run();
    const at = midStep();
    const queue = recordingQueue();
    const { pending } = await passwordStep(member, { at });
    const last = await fetchWorker(
      "/api/login/second-factor",
      {
        method: "POST",
        headers: {
          "Content-Type": "application/json",
          "CF-Connecting-IP": newClientAddress(),
          Cookie: pending!,
          Origin: ORIGIN,
        },
        body: JSON.stringify({ code: wrongCode(secret, at) }),
      },
      { at, bindings: { NOTIFY_QUEUE: queue } },
    );
    expect(last.status).toBe(401);
    expect((await accountCounts(member.id))?.codes_locked_at).toBe(at.getTime());
    expect(queue.bodies).toEqual([{ type: "memberNotice", notice: "codes-locked", userId: member.id }]);
    const mailer = recordingMailer();
    await deliverQueued(queue, { NOTIFY_EMAIL: mailer.binding });
    expect(mailer.sent.map((each) => each.to)).toEqual(["locked@example.com"]);
    expect(mailer.sent[0]!.mail.text).toContain("Forgot password?");
    const { results } = await env.DB.prepare("select action from audit_log where target = ? and action = ?")
      .bind(member.username, "second-factor.locked")
      .all();
    expect(results).toHaveLength(1);

    // Locked: the right code, days later, signs nothing in.
    const later = midStep(at.getTime() + 3 * DAY);
    const locked = await passwordStep(member, { at: later });
    const refused = await codeStep(locked.pending!, codeAt(secret, later), { at: later });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({ message: expect.stringMatching(/Forgot password/) });

    // An owner's reset link: a new password opens the codes again.
    await createStaffUser(`owner-${member.username}`, "an owner's long enough password", "owner");
    const owner = sessionCookie(await apiLogin(`owner-${member.username}`, "an owner's long enough password"));
    const link = await fetchWorker(`/api/team/${member.username}/password-reset`, {
      method: "POST",
      headers: { Cookie: owner, Origin: ORIGIN, "Content-Type": "application/json" },
      body: "{}",
    });
    expect(link.status).toBe(201);
    const { url } = await link.json<{ url: string }>();
    const newPassword = "the member's new long password";
    const reset = await fetchWorker(new URL(url).pathname, {
      method: "POST",
      redirect: "manual",
      headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
      body: new URLSearchParams({ password: newPassword }),
    });
    expect(reset.status).toBe(302);
    expect(await accountCounts(member.id)).toEqual({ code_failures: 0, code_day_failures: 0, codes_locked_at: null });
    // After the new password (stamped by the real clock, which midStep may be a few seconds behind).
    const now = midStep(Date.now() + 60_000);
    const fresh = await passwordStep({ ...member, password: newPassword }, { at: now });
    const signedIn = await codeStep(fresh.pending!, codeAt(secret, now, 1), { at: now });
    expect(signedIn.status).toBe(200);
    expect(await isAuthenticated(sessionCookie(signedIn))).toBe(true);
  });

  it("counts codes entered at the check before what matters too", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    await env.DB.prepare("update users set code_failures = ? where id = ?")
      .bind(CODES_IN_A_ROW - 1, member.id)
      .run();
    const at = midStep();
    const { pending } = await passwordStep(member, { at });
    const session = sessionCookie(await codeStep(pending!, codeAt(secret, at), { at }));
    // The right code at sign-in started the count again; 100 wrong at the check lock it too.
    expect((await accountCounts(member.id))?.code_failures).toBe(0);
    await env.DB.prepare("update users set code_failures = ? where id = ?")
      .bind(CODES_IN_A_ROW - 1, member.id)
      .run();
    const check = (code: string) =>
      fetchWorker(
        "/api/account/check",
        {
          method: "POST",
          headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify({ code }),
        },
        { at },
      );
    expect((await check(wrongCode(secret, at))).status).toBe(401);
    const locked = await check(codeAt(secret, at, 1));
    expect(locked.status).toBe(403);
    expect((await accountCounts(member.id))?.codes_locked_at).toBe(at.getTime());
  });
});

describe("an owner's second-factor reset", () => {
  it("ends every session of the member, and opens locked codes", async () => {
    const { member, secret, at, pending } = await memberAtCodeStep();
    const lostPhone = sessionCookie(await codeStep(pending, codeAt(secret, at), { at }));
    await env.DB.prepare("update users set codes_locked_at = ? where id = ?").bind(at.getTime(), member.id).run();
    const owner = await newMember("owner");
    const ownerSession = sessionCookie(await apiLogin(owner.username, owner.password));
    const reset = await fetchWorker(`/api/team/${member.username}/second-factor`, {
      method: "DELETE",
      headers: { Cookie: ownerSession, Origin: ORIGIN },
    });
    expect(reset.status).toBe(200);
    expect(await isAuthenticated(lostPhone)).toBe(false);
    expect(await isAuthenticated(ownerSession)).toBe(true);
    expect((await accountCounts(member.id))?.codes_locked_at).toBeNull();
  });
});

describe("a required second factor", () => {
  it("counts a passkey: its member is not sent to set up an authenticator app", async () => {
    const member = await newMember();
    const session = sessionCookie(await apiLogin(member.username, member.password));
    await env.DB.prepare(
      "insert into team_settings (id, require_second_factor) values (1, 1) on conflict (id) do update set require_second_factor = 1",
    ).run();
    try {
      const before = await fetchWorker("/api/contact-submissions", { headers: { Cookie: session } });
      expect(before.status).toBe(403);
      await env.DB.prepare(
        "insert into passkeys (id, user_id, name, public_key, counter, created_at) values (?, ?, 'Desk', 'x', 0, ?)",
      )
        .bind(crypto.randomUUID(), member.id, Date.now())
        .run();
      const after = await fetchWorker("/api/contact-submissions", { headers: { Cookie: session } });
      expect(after.status).toBe(200);
    } finally {
      await env.DB.prepare("update team_settings set require_second_factor = 0 where id = 1").run();
    }
  });
});
