import { type CookieOptions, createCookie } from "react-router";
import type { AppEnv } from "./env.server";

/**
 * One of the site's own `__Host-` cookies (the session, the toast, the device, the half-signed-in
 * state, a WebAuthn challenge): HttpOnly, signed with SESSION_SECRET (a value we did not write
 * reads as null), Secure and for every path, as browsers require of a `__Host-` name before they
 * take it, so a sibling subdomain can neither set nor shadow it. Without `maxAge` it lasts as long
 * as the browser's session.
 */
export function signedHostCookie(
  name: `__Host-${string}`,
  env: Pick<AppEnv, "SESSION_SECRET">,
  options: Required<Pick<CookieOptions, "sameSite">> & Pick<CookieOptions, "maxAge">,
) {
  return createCookie(name, { httpOnly: true, secure: true, path: "/", ...options, secrets: [env.SESSION_SECRET] });
}
