import { env } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { newMember } from "../support/account";
import { cookieFrom, fetchWorker, ORIGIN } from "../support/http";
import { apiLogin, sessionCookie, staffApi } from "../support/staff";
import { codeAt, giveAuthenticator, midStep, postForm, signInWithCode } from "../support/second-factor";

// Asked again (a code or the password) before what matters, and the passkey challenges' own refusals.

describe("asked again before what matters", () => {
  it("asks for the password after 2 hours before a CSV export, then lets it through", async () => {
    const member = await newMember();
    const at = new Date();
    const session = sessionCookie(await apiLogin(member.username, member.password, { at }));
    const soon = await fetchWorker("/api/contact-submissions.csv", { headers: { Cookie: session } }, { at });
    expect(soon.status).toBe(200);

    const later = new Date(at.getTime() + 2 * 60 * 60_000 + 60_000);
    const asked = await fetchWorker("/api/contact-submissions.csv", { headers: { Cookie: session } }, { at: later });
    expect(asked.status).toBe(403);
    expect(await asked.json()).toMatchObject({ step: "password", endpoint: "/api/account/check" });

    // A link followed in the browser goes to the check page, which comes back to the export.
    const navigating = await fetchWorker(
      "/api/contact-submissions.csv?status=new",
      { headers: { Cookie: session, "Sec-Fetch-Mode": "navigate" }, redirect: "manual" },
      { at: later },
    );
    expect(navigating.status).toBe(302);
    expect(navigating.headers.get("Location")).toBe(
      `/incoming/check?next=${encodeURIComponent("/api/contact-submissions.csv?status=new")}`,
    );
    const check = await postForm(
      "/incoming/check",
      session,
      { password: member.password, next: "/api/contact-submissions.csv?status=new" },
      later,
    );
    expect(check.status).toBe(302);
    expect(check.headers.get("Location")).toBe("/api/contact-submissions.csv?status=new");
    const after = await fetchWorker("/api/contact-submissions.csv", { headers: { Cookie: session } }, { at: later });
    expect(after.status).toBe(200);
  });

  it("asks a member with an authenticator for a code before deleting a record", async () => {
    const member = await newMember();
    const secret = await giveAuthenticator(member.id);
    const at = midStep();
    const session = await signInWithCode(member, secret, at);
    const later = new Date(at.getTime() + 3 * 60 * 60_000);
    const ids = await env.DB.prepare(
      "insert into contact_submissions (id, first_name, last_name, email, phone, message, submitted_at, status) values (?, 'Pat', 'Example', 'pat@example.com', '(410) 555-0100', 'Hello there, please call.', ?, 'new') returning id",
    )
      .bind(crypto.randomUUID(), Date.now())
      .all<{ id: string }>();
    const id = ids.results[0]!.id;
    const refused = await fetchWorker(
      `/api/contact-submissions/${id}`,
      { method: "DELETE", headers: { Cookie: session, Origin: ORIGIN } },
      { at: later },
    );
    expect(refused.status).toBe(403);
    expect(await refused.json()).toMatchObject({ step: "second-factor" });
    const check = await fetchWorker(
      "/api/account/check",
      {
        method: "POST",
        headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ code: codeAt(secret, later) }),
      },
      { at: later },
    );
    expect(check.status).toBe(200);
    const deleted = await fetchWorker(
      `/api/contact-submissions/${id}`,
      { method: "DELETE", headers: { Cookie: session, Origin: ORIGIN } },
      { at: later },
    );
    expect(deleted.status).toBe(204);
  });
});

describe("asked again before changing the team", () => {
  it("sends an owner's team form to the check page past 2 hours, and changes nothing", async () => {
    const owner = await newMember("owner");
    const at = new Date();
    const session = sessionCookie(await apiLogin(owner.username, owner.password, { at }));
    const later = new Date(at.getTime() + 3 * 60 * 60_000);
    const form = await postForm("/incoming/team", session, { intent: "invite", role: "staff" }, later);
    expect(form.status).toBe(302);
    expect(form.headers.get("Location")).toBe(`/incoming/check?next=${encodeURIComponent("/incoming/team")}`);
    const api = await fetchWorker(
      "/api/team/invitations",
      {
        method: "POST",
        headers: { Cookie: session, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ role: "staff" }),
      },
      { at: later },
    );
    expect(api.status).toBe(403);
    expect(await api.json()).toMatchObject({ step: "password" });
    const { results } = await env.DB.prepare("select id from staff_tokens where created_by_id = ?")
      .bind(owner.id)
      .all();
    expect(results).toEqual([]);
  });

  it("refuses malformed second-factor bodies with a clear 400 and stores nothing", async () => {
    const owner = await newMember("owner");
    const session = sessionCookie(await apiLogin(owner.username, owner.password));
    const requirement = await staffApi(session, "/api/team/second-factor", {
      method: "PUT",
      body: JSON.stringify({ required: "yes" }),
    });
    expect(requirement.status).toBe(400);
    expect(await requirement.json()).toMatchObject({ message: expect.stringContaining("required") });
    const passkey = await staffApi(session, "/api/account/passkeys", {
      method: "POST",
      body: JSON.stringify({ name: "Desk\u0000PC", credential: { id: 1 } }),
    });
    expect(passkey.status).toBe(400);
    const check = await staffApi(session, "/api/account/check", { method: "POST", body: JSON.stringify({ code: 5 }) });
    expect(check.status).toBe(400);
    const { results } = await env.DB.prepare("select id from passkeys where user_id = ?").bind(owner.id).all();
    expect(results).toEqual([]);
  });
});

describe("passkey challenges", () => {
  it("refuses a passkey answer without a challenge from this browser, and a challenge twice", async () => {
    const options = await fetchWorker("/api/login/passkey/options", {
      method: "POST",
      headers: { "Content-Type": "application/json", Origin: ORIGIN },
      body: "{}",
    });
    expect(options.status).toBe(200);
    const body: { challenge: string; rpId: string; userVerification: string } = await options.json();
    expect(body).toMatchObject({ rpId: "localhost", userVerification: "required" });
    const challengeCookie = cookieFrom(options, "__Host-webauthn");
    const answer = {
      credential: {
        id: "AAAA",
        rawId: "AAAA",
        type: "public-key",
        response: { clientDataJSON: "AAAA", authenticatorData: "AAAA", signature: "AAAA" },
        clientExtensionResults: {},
      },
    };
    const send = (cookie?: string) =>
      fetchWorker("/api/login/passkey", {
        method: "POST",
        headers: { "Content-Type": "application/json", Origin: ORIGIN, ...(cookie ? { Cookie: cookie } : {}) },
        body: JSON.stringify(answer),
      });
    expect((await send()).status).toBe(401);
    expect((await send(challengeCookie)).status).toBe(401);
    // The challenge was used up by that attempt.
    const left = await env.DB.prepare("select count(*) as n from webauthn_challenges where challenge = ?")
      .bind(body.challenge)
      .first<{ n: number }>();
    expect(left?.n).toBe(0);
  });
});
