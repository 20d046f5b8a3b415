import type { SubmissionResult } from "@conform-to/react";
import { data, redirect } from "react-router";
import type { AppEnv } from "../../../http/env.server";
import { unreachable } from "~/http/outcome.server";
import { jsonResponse, NO_STORE, tooManyRequests, withCookies } from "../../../http/responses.server";
import { redirectWithToast } from "../../../http/toast.server";
import type { Throttled } from "./login-throttle.server";

// One mapping from what proving who someone is came to (a password, a code, a passkey, being asked
// again) to the HTTP answer, for the pages and the JSON API alike: a wrong password or code is 401,
// codes locked after too many wrong ones in a row 403, too many tries 429 with Retry-After, a
// sign-in gone stale 401 (the API) or back to /login (a page).

/** Every outcome of a sign-in step, as the answers below take them. */
export type SignInOutcome =
  /** Signed in: the Set-Cookie values (the session, the device cookie…). */
  | { status: "success"; setCookies: readonly string[] }
  /** The password was right and a code comes next: the half-signed-in cookie. */
  | { status: "second-factor"; setCookie: string }
  /** Asked again and proven (the check before what matters). */
  | { status: "passed" }
  /** The half-signed-in state ran out: start again. */
  | { status: "expired"; message: string }
  | { status: "invalid"; message: string }
  /** Too many wrong codes in a row: codes are refused until a recovery code or an owner unlocks. */
  | { status: "locked"; message: string }
  | Throttled;

/** The JSON API's answer to a sign-in step. */
export function signInJsonAnswer(outcome: SignInOutcome): Response {
  switch (outcome.status) {
    case "success":
      return jsonResponse({ success: true }, 200, withCookies({}, outcome.setCookies));
    case "passed":
      return jsonResponse({ success: true }, 200);
    case "second-factor":
      // Finished by POST /api/login/second-factor { code } within 5 minutes.
      return jsonResponse({ secondFactor: "required" }, 200, withCookies({}, [outcome.setCookie]));
    case "expired":
    case "invalid":
      return jsonResponse({ message: outcome.message }, 401);
    case "locked":
      return jsonResponse({ message: outcome.message }, 403);
    case "throttled":
      return tooManyRequests(outcome.message, outcome.retryAfterSeconds);
    default:
      return unreachable(outcome);
  }
}

/**
 * A sign-in page's answer: the staff side on success, the code page when a code comes next, the
 * login page again when the half-signed-in state ran out; for a refusal, the form again with
 * `reply(message)` (what the member typed, never the secret) at 401 or 429 with Retry-After.
 */
export async function signInPageAnswer<Result extends SubmissionResult<string[]>>(
  env: AppEnv,
  outcome: Exclude<SignInOutcome, { status: "passed" }>,
  reply: (message: string) => Result,
) {
  switch (outcome.status) {
    case "success":
      return redirectWithToast(
        env,
        "/incoming",
        { title: "Success", description: "Logged in successfully" },
        { headers: withCookies(NO_STORE, outcome.setCookies) },
      );
    case "second-factor":
      // Half-way: the code page finishes it (only this cookie, no session, until then).
      return redirect("/login/code", { headers: withCookies(NO_STORE, [outcome.setCookie]) });
    case "expired":
      return redirectWithToast(
        env,
        "/login",
        { title: "Please sign in again", description: outcome.message, variant: "destructive" },
        { headers: NO_STORE },
      );
    case "invalid":
    case "locked":
    case "throttled":
      return signInFormRefusal(outcome, reply);
    default:
      return unreachable(outcome);
  }
}

const REFUSAL_STATUS = { invalid: 401, locked: 403, throttled: 429 } as const;

/** A refused step on a page: the form again with the message, 401, 403, or 429 with Retry-After. */
export function signInFormRefusal<Result>(
  refusal: Extract<SignInOutcome, { status: keyof typeof REFUSAL_STATUS }>,
  reply: (message: string) => Result,
) {
  const headers =
    refusal.status === "throttled" ? { ...NO_STORE, "Retry-After": String(refusal.retryAfterSeconds) } : NO_STORE;
  return data({ result: reply(refusal.message) }, { status: REFUSAL_STATUS[refusal.status], headers });
}
