import type { RouterContextProvider } from "react-router";
import type { StaffMember } from "../../../http/staff-member.server";
import { z } from "~/forms/zod";
import {
  authenticationSchema,
  codeSchema,
  passwordCheckSchema,
  registrationSchema,
} from "~/features/second-factor/schemas";
import { clientKey } from "../../../http/client-address.server";
import { getEnv, getRequestTime } from "../../../http/context.server";
import { handleJsonWrite } from "../../../http/json-endpoint.server";
import { jsonResponse } from "../../../http/responses.server";
import { registerPasskey, registrationOptions, signInOptions } from "./passkeys.server";
import { signInWithCode, signInWithPasskey } from "./sign-in.server";
import { checkMemberAgain } from "./step-up.server";
import { signInJsonAnswer } from "../../sign-in/sign-in.server";

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

/** POST /api/login/passkey/options {}: a challenge for any of the site's passkeys, bound to this browser. */
export function passkeySignInOptionsResponse({ request, context }: Args) {
  const endpoint = { schema: emptySchema, limitBytes: SMALL_BODY, invalidMessage: "Send an empty object." };
  return handleJsonWrite(request, endpoint, async () => {
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
      return jsonResponse({ message: "That passkey could not be added. Please try again." }, 400);
    }
    return jsonResponse({ success: true, name: input.name }, 201);
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
