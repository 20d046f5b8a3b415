import { eq } from "drizzle-orm";
import type { StaffMember } from "../../../http/staff-member.server";
import { redirect } from "react-router";
import { getDb } from "~/db/db.server";
import { sessionChecks } from "~/db/schema/second-factor";
import { staffSessions } from "~/db/schema/staff";
import { auditEvent, auditInsert } from "../../audit/audit.server";
import {
  countCodeAttempt,
  forgiveCodeAttempt,
  isMembersPassword,
  usesAuthenticator,
} from "../../sign-in/sign-in.server";
import { clientKey } from "../../../http/client-address.server";
import type { AppEnv } from "../../../http/env.server";
import { jsonRefusal, refused } from "../../../http/outcome.server";
import { NO_STORE } from "../../../http/responses.server";
import { CHECK_PAGE, safeNextPath } from "~/features/second-factor/schemas";
import { type CodeRefusal, verifyLimitedCode } from "./sign-in.server";

// Asked again before what matters (decision 035): exporting a CSV, deleting a record and changing
// the team need a check (the second factor, or the password for a member without one) from the
// last 2 hours. The sign-in itself counts as one; a later check is kept per session in D1.

export const STEP_UP_MAX_AGE_MS = 2 * 60 * 60 * 1000;
export { CHECK_PAGE };
export const CHECK_API = "/api/account/check";

async function lastCheckOf(env: AppEnv, sessionId: string): Promise<number> {
  const row = await getDb(env)
    .select({ signedInAt: staffSessions.signedInAt, checkedAt: sessionChecks.checkedAt })
    .from(staffSessions)
    .leftJoin(sessionChecks, eq(sessionChecks.sessionId, staffSessions.id))
    .where(eq(staffSessions.id, sessionId))
    .get();
  return Math.max(row?.signedInAt.getTime() ?? 0, row?.checkedAt?.getTime() ?? 0);
}

/**
 * Where the member should continue once the check is done: a link followed, itself (without
 * `.data`); a form sent, the page it was sent from when that is a staff page (a form may post
 * elsewhere, as the second-factor forms do), else the path it was sent to.
 */
function continuePath(request: Request): string {
  const url = new URL(request.url);
  const path = url.pathname.replace(/\.data$/, "");
  if (request.method === "GET" || request.method === "HEAD") return `${path}${url.search}`;
  const referer = URL.canParse(request.headers.get("Referer") ?? "") ? new URL(request.headers.get("Referer")!) : null;
  if (referer?.origin === url.origin) {
    const from = safeNextPath(`${referer.pathname.replace(/\.data$/, "")}${referer.search}`);
    if (from && !from.startsWith("/api/") && !from.startsWith(CHECK_PAGE)) return from;
  }
  return path;
}

/**
 * Null when this session proved its member within 2 hours; otherwise the answer that asks for it:
 * a JSON 403 naming the step for an API call, a redirect to the check page (which comes back
 * here) for a page or a link followed in the browser.
 */
export async function stepUpRequired(
  request: Request,
  env: AppEnv,
  member: StaffMember,
  now: Date,
): Promise<Response | null> {
  if (now.getTime() - (await lastCheckOf(env, member.sessionId)) <= STEP_UP_MAX_AGE_MS) return null;
  const step = (await usesAuthenticator(env, member.id)) ? "second-factor" : "password";
  const path = new URL(request.url).pathname;
  const navigating = request.headers.get("Sec-Fetch-Mode") === "navigate";
  if (path.startsWith("/api/") && !navigating) {
    const message =
      step === "second-factor"
        ? "Enter a code from your authenticator app again to do this."
        : "Enter your password again to do this.";
    return jsonRefusal(refused("forbidden", message, { extra: { step, endpoint: CHECK_API } }).refusal);
  }
  return redirect(`${CHECK_PAGE}?next=${encodeURIComponent(continuePath(request))}`, { headers: NO_STORE });
}

export type CheckResult = { status: "passed" } | { status: "invalid"; message: string } | CodeRefusal;

/** Checks the member again (a code, or the password without a second factor): throttled and audited. */
export async function checkMemberAgain(
  request: Request,
  env: AppEnv,
  member: StaffMember,
  answer: { code?: string; password?: string },
  now: Date,
): Promise<CheckResult> {
  const throttled = await countCodeAttempt(request, env, member.username, now);
  if (throttled) return throttled;
  const withAuthenticator = await usesAuthenticator(env, member.id);
  const acting = { actor: { id: member.id, name: member.username }, client: clientKey(request), at: now };
  let passed = false;
  if (withAuthenticator && answer.code !== undefined) {
    // The account's code limits count here too: a stale session is no way around them.
    const checked = await verifyLimitedCode(env, member, answer.code, acting);
    if (checked.status === "locked" || checked.status === "throttled") return checked;
    passed = checked.status === "passed";
  } else if (!withAuthenticator && answer.password !== undefined) {
    passed = await isMembersPassword(env, member.id, answer.password);
  }
  const method = withAuthenticator ? "code" : "password";
  if (!passed) {
    await auditEvent(getDb(env), { ...acting, action: "second-factor.failed", detail: { method, during: "check" } });
    const message = withAuthenticator
      ? "That code is not right, or it was already used."
      : "That is not your password.";
    return { status: "invalid", message };
  }
  await forgiveCodeAttempt(request, env, member.username, now);
  const db = getDb(env);
  await db.batch([
    db
      .insert(sessionChecks)
      .values({ sessionId: member.sessionId, checkedAt: now })
      .onConflictDoUpdate({ target: sessionChecks.sessionId, set: { checkedAt: now } }),
    auditInsert(db, { ...acting, action: "second-factor.passed", detail: { method, during: "check" } }),
  ]);
  return { status: "passed" };
}
