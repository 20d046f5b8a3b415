import { eq } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { users } from "~/db/schema/staff";
import type { AuthenticationInput } from "~/features/second-factor/schemas";
import { auditEvent } from "../../audit/audit.server";
import {
  countCodeAttempt,
  countPendingCode,
  finishSignIn,
  forgiveCodeAttempt,
  isActiveAccount,
  openSession,
  pendingMember,
  type Throttled,
} from "../../sign-in/sign-in.server";
import type { Acting } from "../../../http/staff-member.server";
import { enqueueJobs } from "../../../queue/jobs.server";
import {
  countAccountCode,
  DAY_LIMIT_MESSAGE,
  forgiveAccountCode,
  LOCKED_MESSAGE,
  lockCodesIfSpent,
} from "./code-limits.server";
import { clientKey } from "../../../http/client-address.server";
import type { AppEnv } from "../../../http/env.server";
import { linkSecret } from "~/keys/keys.server";
import { verifyPasskeySignIn } from "./passkeys.server";
import { redeemRecoveryCode } from "./recovery-codes.server";
import { acceptTotpCode, TOTP_CODE_PATTERN } from "./totp.server";
import { clearChallenge } from "./webauthn-challenges.server";

// The second step of signing in (decision 035): the code page and POST /api/login/second-factor
// finish a half-signed-in browser with an authenticator code or a recovery code; a passkey signs
// in whole (it proves both: something held, and the fingerprint or PIN that unlocked it).

export type SecondFactorMethod = "authenticator" | "recovery-code" | "passkey";

export const EXPIRED_MESSAGE = "That sign-in took longer than 5 minutes. Please enter your password again.";
const WRONG_CODE_MESSAGE = "That code is not right, or it was already used. Try the newest code in your app.";

/** Checks a code against the member's authenticator, else their recovery codes; each passes once. */
export async function verifySecondFactorCode(
  env: AppEnv,
  userId: string,
  code: string,
  now: Date,
): Promise<Exclude<SecondFactorMethod, "passkey"> | null> {
  const db = getDb(env);
  if (TOTP_CODE_PATTERN.test(code)) return (await acceptTotpCode(db, userId, code, now)) ? "authenticator" : null;
  return (await redeemRecoveryCode(db, linkSecret(env), userId, code, now)) ? "recovery-code" : null;
}

/** The account's codes locked, or too many tries: the answer whatever the code was. */
export type CodeRefusal = { status: "locked"; message: string } | Throttled;

export type LimitedCodeResult =
  { status: "passed"; method: Exclude<SecondFactorMethod, "passkey"> } | { status: "wrong" } | CodeRefusal;

/**
 * A code checked within the account's limits (code-limits.server.ts): counted first, then
 * checked; a right one forgiven; the wrong one that spends the last try locks the codes, which
 * the audit log and the member (by email) are told.
 */
export async function verifyLimitedCode(
  env: AppEnv,
  member: { id: string; username: string },
  code: string,
  acting: Acting,
): Promise<LimitedCodeResult> {
  const gate = await countAccountCode(env, member.id, acting.at);
  if (gate.status === "locked") return { status: "locked", message: LOCKED_MESSAGE };
  if (gate.status === "day-limit") {
    return { status: "throttled", message: DAY_LIMIT_MESSAGE, retryAfterSeconds: gate.retryAfterSeconds };
  }
  const method = await verifySecondFactorCode(env, member.id, code, acting.at);
  if (method) {
    await forgiveAccountCode(env, member.id);
    return { status: "passed", method };
  }
  if (await lockCodesIfSpent(env, member, acting)) {
    await enqueueJobs(env, [{ type: "memberNotice", notice: "codes-locked", userId: member.id }]);
  }
  return { status: "wrong" };
}

export const TOO_MANY_CODES_MESSAGE = "Too many wrong codes for this sign-in. Please enter your password again.";

export type CodeSignInResult =
  | { status: "success"; setCookies: string[] }
  | { status: "expired"; message: string }
  | { status: "invalid"; message: string }
  | CodeRefusal;

/** Finishes a half-signed-in browser's sign-in with a code: throttled, audited either way. */
export async function signInWithCode(
  request: Request,
  env: AppEnv,
  code: string,
  now: Date,
): Promise<CodeSignInResult> {
  const member = await pendingMember(request, env, now);
  if (!member) return { status: "expired", message: EXPIRED_MESSAGE };
  const throttled = await countCodeAttempt(request, env, member.username, now);
  if (throttled) return throttled;
  if (!(await countPendingCode(env, member.pending))) return { status: "expired", message: TOO_MANY_CODES_MESSAGE };
  const acting = { actor: { id: member.id, name: member.username }, client: clientKey(request), at: now };
  const checked = await verifyLimitedCode(env, member, code, acting);
  if (checked.status === "locked" || checked.status === "throttled") return checked;
  if (checked.status === "wrong") {
    await auditEvent(getDb(env), { ...acting, action: "second-factor.failed", detail: { during: "sign-in" } });
    return { status: "invalid", message: WRONG_CODE_MESSAGE };
  }
  await forgiveCodeAttempt(request, env, member.username, now);
  const detail = { method: checked.method, during: "sign-in" };
  // The entry is written in the batch that opens the session.
  const setCookies = await finishSignIn(request, env, member, now, [
    { ...acting, action: "second-factor.passed", detail },
  ]);
  // Another request with the same cookie finished first: this one signs nobody in.
  if (!setCookies) return { status: "expired", message: EXPIRED_MESSAGE };
  return { status: "success", setCookies };
}

export type PasskeySignInResult = { status: "success"; setCookies: string[] } | { status: "invalid"; message: string };

/** Signs in with a passkey (both factors at once): the session, or a refusal, audited either way. */
export async function signInWithPasskey(
  request: Request,
  env: AppEnv,
  input: AuthenticationInput,
  now: Date,
): Promise<PasskeySignInResult> {
  const client = clientKey(request);
  const found = await verifyPasskeySignIn(request, env, input, now);
  const user = found ? await getDb(env).query.users.findFirst({ where: eq(users.id, found.userId) }) : undefined;
  if (!found || !user || !isActiveAccount(user)) {
    await auditEvent(getDb(env), {
      actor: user ? { id: user.id, name: user.username } : null,
      action: "second-factor.failed",
      detail: { method: "passkey", during: "sign-in" },
      client,
      at: now,
    });
    return { status: "invalid", message: "That passkey could not sign you in. Try again, or use your password." };
  }
  // The entry is written in the batch that opens the session.
  const passed = {
    actor: { id: user.id, name: user.username },
    action: "second-factor.passed",
    detail: { method: "passkey", during: "sign-in", passkey: found.passkeyName },
    client,
    at: now,
  } as const;
  return {
    status: "success",
    setCookies: [...(await openSession(request, env, user, now, [passed])), await clearChallenge(env)],
  };
}
