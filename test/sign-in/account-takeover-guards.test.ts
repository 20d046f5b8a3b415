import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { PASSKEY_SIGN_INS_PER_CLIENT } from "~/features/second-factor/server/second-factor-api.server";
import { RESET_EMAILS_PER_ACCOUNT } from "~/features/team/team.server";
import { newMember } from "../support/account";
import { fetchWorker, newClientAddress, ORIGIN, postJson, setCookieLine } from "../support/http";
import { insertInboxRecords } from "../support/inbox";
import { deliverQueued, recordingMailer, recordingQueue, runCron } from "../support/queue";
import { apiLogin, askForPasswordReset, createStaffUser, sessionCookie } from "../support/staff";

// The lows of the third hostile probe (issue 27), each as a visitor or a member would meet it:
// "Forgot password?" does the same work for every account, reset links are limited per account
// and die with a new password or a disabled account, a link shown to an owner rides sealed and only
// to the staff area, usernames cannot collide with the team API's paths, anonymous passkey
// sign-in is throttled per client, and a PATCH with a follow-up and a status is one batch on one clock.

const SITE_URL = "https://shop.example";
const withSiteUrl = (bindings: Partial<Cloudflare.Env>): Partial<Cloudflare.Env> =>
  Object.assign({}, bindings, { SITE_URL });

function ownerCall(cookie: string, method: string, path: string, body: unknown = {}) {
  return fetchWorker(path, {
    method,
    headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });
}

const linkPath = (url: string) => new URL(url).pathname;

/** A new member whose account has an email address, for a reset link to be sent to. */
async function memberWithEmail() {
  const member = await newMember();
  await env.DB.prepare("update users set email = ? where id = ?")
    .bind(`${member.username}@example.com`, member.id)
    .run();
  return member;
}

describe("forgot password", () => {
  it("takes the same path for a known and an unknown account: one job queued, as typed", async () => {
    const member = await memberWithEmail();
    const queue = recordingQueue();
    const bindings = { NOTIFY_QUEUE: queue };
    const known = await askForPasswordReset(member.username, { bindings });
    const unknown = await askForPasswordReset("nobody-at-all", { bindings });
    expect([known.status, known.headers.get("Location")]).toEqual([302, "/login/reset"]);
    expect([unknown.status, unknown.headers.get("Location")]).toEqual([302, "/login/reset"]);
    expect(queue.bodies).toEqual([
      { type: "resetRequest", account: member.username, client: expect.any(String) },
      { type: "resetRequest", account: "nobody-at-all", client: expect.any(String) },
    ]);
    // Nothing was looked up or written for either before the answer.
    const { results } = await env.DB.prepare("select id from staff_tokens where user_id = ?").bind(member.id).all();
    expect(results).toEqual([]);
  });

  it("sends an account at most 3 reset emails a window from any number of networks; the last link keeps working", async () => {
    const member = await memberWithEmail();
    const queue = recordingQueue();
    const mailer = recordingMailer();
    const bindings = withSiteUrl({ NOTIFY_QUEUE: queue });
    // Twenty requests from twenty networks, each delivered before the next comes.
    for (let network = 0; network < 20; network++) {
      expect((await askForPasswordReset(member.username, { bindings })).status).toBe(302);
      await deliverQueued(queue, withSiteUrl({ NOTIFY_EMAIL: mailer.binding, NOTIFY_QUEUE: queue }));
    }
    expect(mailer.sent).toHaveLength(RESET_EMAILS_PER_ACCOUNT);
    const lastLink = /https:\/\/shop\.example(\/login\/reset\/\S+?)\.?\s/.exec(mailer.sent.at(-1)!.mail.text)?.[1];
    expect(lastLink).toBeDefined();
    expect((await fetchWorker(lastLink!)).status).toBe(200);
  });

  it("kills a reset link when the password changes on the account page, or the account is disabled", async () => {
    const owner = await newMember("owner");
    const ownerSession = sessionCookie(await apiLogin(owner.username, owner.password));
    for (const how of ["password", "disable"] as const) {
      const member = await newMember();
      const link = await ownerCall(ownerSession, "POST", `/api/team/${member.username}/password-reset`);
      const { url } = await link.json<{ url: string }>();
      expect((await fetchWorker(linkPath(url))).status).toBe(200);
      if (how === "password") {
        const session = sessionCookie(await apiLogin(member.username, member.password));
        const changed = await ownerCall(session, "POST", "/api/account/password", {
          currentPassword: member.password,
          newPassword: "the member's own new password",
        });
        expect(changed.status).toBe(200);
      } else {
        expect(
          (await ownerCall(ownerSession, "PATCH", `/api/team/${member.username}`, { disabled: true })).status,
        ).toBe(200);
      }
      expect((await fetchWorker(linkPath(url))).status, how).toBe(410);
    }
  });
});

describe("the link shown to an owner once", () => {
  it("rides in a sealed cookie sent only to the staff area", async () => {
    const owner = await newMember("owner");
    const session = sessionCookie(await apiLogin(owner.username, owner.password));
    const response = await fetchWorker("/incoming/team", {
      method: "POST",
      redirect: "manual",
      headers: {
        Cookie: session,
        "Content-Type": "application/x-www-form-urlencoded",
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
      },
      body: new URLSearchParams({ intent: "invite", role: "staff" }),
    });
    expect(response.status).toBe(302);
    const line = setCookieLine(response, "__Secure-team-link");
    expect(line).toBeDefined();
    expect(line).toMatch(/; Path=\/incoming(;|$)/);
    expect(line).toMatch(/HttpOnly/);
    const value = decodeURIComponent(line!.split(";")[0]!.split("=").slice(1).join("="));
    // Not readable: no JSON, no link, in the value or its base64.
    const decoded = (() => {
      try {
        return atob(value.replace(/^"|"$/g, ""));
      } catch {
        return "";
      }
    })();
    for (const text of [value, decoded]) {
      expect(text).not.toContain("/join/");
      expect(text).not.toContain("invitation");
    }
    const page = await fetchWorker("/incoming/team", { headers: { Cookie: `${session}; ${line!.split(";")[0]}` } });
    expect(await page.text()).toMatch(/\/join\/[0-9a-f-]{36}\./);
  });
});

describe("usernames", () => {
  it("that collide with the team API's paths are refused at /join", async () => {
    const owner = await newMember("owner");
    const session = sessionCookie(await apiLogin(owner.username, owner.password));
    for (const username of ["invitations", "second-factor", "someone.data", "export.csv"]) {
      const invitation = await ownerCall(session, "POST", "/api/team/invitations", { role: "staff" });
      const { url } = await invitation.json<{ url: string }>();
      const joined = await fetchWorker(linkPath(url), {
        method: "POST",
        redirect: "manual",
        headers: { "Content-Type": "application/x-www-form-urlencoded", Origin: ORIGIN },
        body: new URLSearchParams({ username, displayName: "New", password: "a long enough password here" }),
      });
      expect(joined.status, username).toBe(400);
      expect(await joined.text()).toContain("That username is reserved by the site.");
      const row = await env.DB.prepare("select id from users where username = ?").bind(username).first();
      expect(row).toBeNull();
    }
  });
});

describe("anonymous passkey sign-in", () => {
  it("is throttled per client on both endpoints, another client unaffected", async () => {
    const client = newClientAddress();
    const before = await env.DB.prepare("select count(*) as n from webauthn_challenges").first<{ n: number }>();
    const statuses: number[] = [];
    for (let call = 0; call <= PASSKEY_SIGN_INS_PER_CLIENT; call++) {
      statuses.push((await postJson("/api/login/passkey/options", {}, { client, headers: { Origin: ORIGIN } })).status);
    }
    expect(statuses.slice(0, PASSKEY_SIGN_INS_PER_CLIENT).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
    const after = await env.DB.prepare("select count(*) as n from webauthn_challenges").first<{ n: number }>();
    expect(after!.n - before!.n).toBeLessThanOrEqual(PASSKEY_SIGN_INS_PER_CLIENT);

    const credential = {
      id: "AAAA",
      rawId: "AAAA",
      type: "public-key",
      response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
      clientExtensionResults: {},
    };
    const answers: number[] = [];
    for (let call = 0; call <= PASSKEY_SIGN_INS_PER_CLIENT; call++) {
      answers.push(
        (await postJson("/api/login/passkey", { credential }, { client, headers: { Origin: ORIGIN } })).status,
      );
    }
    expect(answers.at(-1)).toBe(429);
    expect(answers.filter((status) => status === 429)).toHaveLength(1);
    expect((await postJson("/api/login/passkey/options", {}, { headers: { Origin: ORIGIN } })).status).toBe(200);
  });
});

describe("a PATCH with a follow-up and a status", () => {
  it("is one batch on the request's clock: all of it, or nothing", async () => {
    const member = await newMember();
    const at = new Date("2026-12-01T15:00:00Z");
    const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
    const [id] = await insertInboxRecords("contact", [{ submittedAt: at.getTime() - 3_600_000 }]);
    const patch = (body: unknown) =>
      fetchWorker(
        `/api/contact-submissions/${id}`,
        {
          method: "PATCH",
          headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
          body: JSON.stringify(body),
        },
        { at },
      );
    const followUpAt = "2026-12-02T15:00:00.000Z";
    const refused = await patch({ followUpAt, status: "contacted", assignee: "no-such-member" });
    expect(refused.status).toBe(400);
    const untouched = await env.DB.prepare(
      "select status, follow_up_at, first_contact_at from contact_submissions where id = ?",
    )
      .bind(id)
      .first();
    expect(untouched).toEqual({ status: "new", follow_up_at: null, first_contact_at: null });

    const done = await patch({ followUpAt, status: "contacted" });
    expect(done.status).toBe(200);
    const row = await env.DB.prepare(
      "select status, follow_up_at, first_contact_at from contact_submissions where id = ?",
    )
      .bind(id)
      .first();
    expect(row).toEqual({ status: "contacted", follow_up_at: Date.parse(followUpAt), first_contact_at: at.getTime() });
    const history = await env.DB.prepare("select changed_at from submission_status_changes where submission_id = ?")
      .bind(id)
      .all<{ changed_at: number }>();
    expect(history.results.map((entry) => entry.changed_at)).toEqual([at.getTime()]);

    const gone = await fetchWorker(`/api/contact-submissions/${crypto.randomUUID()}`, {
      method: "PATCH",
      headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
      body: JSON.stringify({ followUpAt: null, status: "closed" }),
    });
    expect(gone.status).toBe(404);
  });
});

describe("a username made by the CLI rules", () => {
  it("is the same rule the join page uses (createStaffUser in tests bypasses it)", async () => {
    const { reservedUsernameProblem } = await import("~/features/sign-in/login-schema");
    for (const name of ["invitations", "second-factor", "x.data", "y.csv"])
      expect(reservedUsernameProblem(name)).not.toBeNull();
    for (const name of ["dana", "mike.r", "front-desk"]) expect(reservedUsernameProblem(name)).toBeNull();
    await createStaffUser("cli-rule-ok", "a long enough password here");
  });
});

describe("informational", () => {
  it("records a right password before the code is asked, and ends the session a browser signs in again over", async () => {
    const member = await newMember();
    await env.DB.prepare("insert into totp_secrets (user_id, secret, confirmed_at, created_at) values (?, ?, ?, ?)")
      .bind(member.id, "JBSWY3DPEHPK3PXPJBSWY3DPEHPK3PXP", Date.now(), Date.now())
      .run();
    const asked = await apiLogin(member.username, member.password);
    expect(await asked.json()).toEqual({ secondFactor: "required" });
    const { results } = await env.DB.prepare("select action from audit_log where actor_id = ? order by id")
      .bind(member.id)
      .all<{ action: string }>();
    expect(results.map((row) => row.action)).toEqual(["sign-in.password"]);

    const other = await newMember();
    const first = sessionCookie(await apiLogin(other.username, other.password));
    const second = sessionCookie(await apiLogin(other.username, other.password, { cookie: first }));
    const sessions = await fetchWorker("/api/account/sessions", { headers: { Cookie: second } });
    expect(await sessions.json()).toEqual([expect.objectContaining({ current: true })]);
  });
});

describe("closures in the past", () => {
  it("are deleted by the nightly job 30 days after their date; later ones stay", async () => {
    const insert = (date: string) =>
      env.DB.prepare("insert into shop_closures (date, reason, created_at) values (?, 'Snow', ?)")
        .bind(date, Date.now())
        .run();
    await insert("2026-10-01");
    await insert("2026-11-20");
    await runCron("0 8 * * *", new Date("2026-12-01T08:00:00Z"));
    const { results } = await env.DB.prepare(
      "select date from shop_closures where date in ('2026-10-01', '2026-11-20') order by date",
    ).all();
    expect(results).toEqual([{ date: "2026-11-20" }]);
  });
});
