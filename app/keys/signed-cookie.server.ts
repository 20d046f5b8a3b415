import { type CookieOptions, createCookie } from "react-router";
import { cookieSecrets, type SecretsEnv } from "./keys.server";

/**
 * One of the site's own `__Host-` cookies (the session, the toast, the device, the half-signed-in
 * state, a WebAuthn challenge): HttpOnly, signed with the cookie's own key (keys.server.ts: from
 * SESSION_SECRET, and SESSION_SECRET_PREVIOUS while it is set; a value we did not write reads as
 * null), Secure and for every path, as browsers require of a `__Host-` name before they take it, so
 * a sibling subdomain can neither set nor shadow it. Without `maxAge` it lasts as long as the
 * browser's session.
 */
export async function signedHostCookie(
  name: `__Host-${string}`,
  env: SecretsEnv,
  options: Required<Pick<CookieOptions, "sameSite">> & Pick<CookieOptions, "maxAge">,
) {
  const secrets = await cookieSecrets(env, name);
  return createCookie(name, { httpOnly: true, secure: true, path: "/", ...options, secrets });
}
