import type { RouterContextProvider } from "react-router";
import type { StaffMember } from "../../../http/staff-member.server";
import { z } from "~/forms/zod";
import {
  authenticationSchema,
  codeSchema,
  passwordCheckSchema,
  registrationSchema,
} from "~/features/second-factor/schemas";
import { countLimitedRequest, signInJsonAnswer } from "../../sign-in/sign-in.server";
import { clientKey } from "../../../http/client-address.server";
import { getEnv, getRequestTime } from "../../../http/context.server";
import type { AppEnv } from "../../../http/env.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonAnswer, refused, succeeded } from "~/http/outcome.server";
import { jsonResponse, tooManyRequests } from "../../../http/responses.server";
import { registerPasskey, registrationOptions, signInOptions } from "./passkeys.server";
import { signInWithCode, signInWithPasskey } from "./sign-in.server";
import { checkMemberAgain } from "./step-up.server";

// The second factor's JSON endpoints: finishing a sign-in with a code, passkeys (sign-in and
// adding one), and the check asked again before what matters.

type Args = { request: Request; context: Readonly<RouterContextProvider> };
const SMALL_BODY = 1024;
// A WebAuthn answer carries an attestation object and a few base64url fields.
const CREDENTIAL_BODY = 16 * 1024;
const emptySchema = z.object({});

/** POST /api/login/second-factor { code }: finishes a half-signed-in browser's sign-in. */
export function secondFactorLoginResponse({ request, context }: Args) {
  const endpoint = { schema: codeSchema, limitBytes: SMALL_BODY, invalidMessage: "Send the code: { code }." };
  return handleJsonWrite(request, endpoint, async ({ code }) => {
    const env = getEnv(context);
    return signInJsonAnswer(await signInWithCode(request, env, code, getRequestTime(context)));
  });
}

// Anonymous passkey sign-in, throttled per client (docs/security.md): each options call stores a
// challenge (5 minutes, deleted when answered or expired) and each answer writes an audit entry, so
// a client gets PASSKEY_SIGN_INS_PER_CLIENT of each per window (LOGIN_THROTTLE_WINDOW_SECONDS).
export const PASSKEY_SIGN_INS_PER_CLIENT = 30;

/** Counts one anonymous passkey call of `kind` from this client; the 429 when over the limit. */
async function passkeyThrottle(request: Request, env: AppEnv, kind: string, now: Date): Promise<Response | null> {
  const unlimited = Number.MAX_SAFE_INTEGER;
  const decision = await countLimitedRequest(
    env,
    { kind, account: "anyone", client: clientKey(request) },
    {
      maxPerClient: PASSKEY_SIGN_INS_PER_CLIENT,
      maxPerDevice: 0,
      maxPerUsernameAndClient: unlimited,
      maxPerUsername: unlimited,
    },
    now,
  );
  if (decision.allowed) return null;
  const minutes = Math.max(1, Math.ceil(decision.retryAfterMs / 60_000));
  return tooManyRequests(
    `Too many passkey sign-ins from here, try again in ${minutes} ${minutes === 1 ? "minute" : "minutes"}.`,
    Math.ceil(decision.retryAfterMs / 1000),
  );
}

/** POST /api/login/passkey/options {}: a challenge for any of the site's passkeys, bound to this browser. */
export function passkeySignInOptionsResponse({ request, context }: Args) {
  const endpoint = { schema: emptySchema, limitBytes: SMALL_BODY, invalidMessage: "Send an empty object." };
  return handleJsonWrite(request, endpoint, async () => {
    const throttled = await passkeyThrottle(request, getEnv(context), "passkey-options", getRequestTime(context));
    if (throttled) return throttled;
    const { options, setCookie } = await signInOptions(request, getEnv(context), getRequestTime(context));
    return jsonResponse(options, 200, { "Set-Cookie": setCookie });
  });
}

/** POST /api/login/passkey { credential }: signs in with a passkey (both factors). */
export function passkeySignInResponse({ request, context }: Args) {
  const endpoint = {
    schema: authenticationSchema,
    limitBytes: CREDENTIAL_BODY,
    invalidMessage: "Send the passkey's answer: { credential }.",
  };
  return handleJsonWrite(request, endpoint, async (input) => {
    const throttled = await passkeyThrottle(request, getEnv(context), "passkey-sign-in", getRequestTime(context));
    if (throttled) return throttled;
    return signInJsonAnswer(await signInWithPasskey(request, getEnv(context), input, getRequestTime(context)));
  });
}

/** POST /api/account/passkeys/options {}: a challenge to make a passkey for the signed-in member. */
export function passkeyRegistrationOptionsResponse({ request, context }: Args, member: StaffMember) {
  const endpoint = { schema: emptySchema, limitBytes: SMALL_BODY, invalidMessage: "Send an empty object." };
  return handleJsonWrite(request, endpoint, async () => {
    const env = getEnv(context);
    const { options, setCookie } = await registrationOptions(request, env, member, getRequestTime(context));
    return jsonResponse(options, 200, { "Set-Cookie": setCookie });
  });
}

/** POST /api/account/passkeys { name, credential }: keeps the member's new passkey. */
export function passkeyRegistrationResponse({ request, context }: Args, member: StaffMember) {
  const endpoint = {
    schema: registrationSchema,
    limitBytes: CREDENTIAL_BODY,
    invalidMessage: "Send a name and the browser's new credential: { name, credential }.",
  };
  return handleJsonWrite(request, endpoint, async (input) => {
    const env = getEnv(context);
    const now = getRequestTime(context);
    const acting = { actor: { id: member.id, name: member.username }, client: clientKey(request), at: now };
    if (!(await registerPasskey(request, env, member, input, acting))) {
      return jsonAnswer(refused("invalid", "That passkey could not be added. Please try again."));
    }
    return jsonAnswer(succeeded({ success: true, name: input.name }), 201);
  });
}

const checkSchema = z.union([codeSchema, passwordCheckSchema]);

/** POST /api/account/check { code } or { password }: proves the member again for 2 hours. */
export function checkAgainResponse({ request, context }: Args, member: StaffMember) {
  const endpoint = {
    schema: checkSchema,
    limitBytes: SMALL_BODY,
    invalidMessage: "Send { code } (with a second factor) or { password } (without one).",
  };
  return handleJsonWrite(request, endpoint, async (answer) => {
    return signInJsonAnswer(await checkMemberAgain(request, getEnv(context), member, answer, getRequestTime(context)));
  });
}
