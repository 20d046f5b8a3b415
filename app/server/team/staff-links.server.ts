import type { AppEnv } from "../http/env.server";

/**
 * The absolute address of a team link (/join/<token>, /login/reset/<token>). From SITE_URL only
 * for an email: a link built from the request's Host would let a forged Host header send someone
 * a reset link to another site. Shown to the owner who asked (`shownTo`, their own request), it
 * may fall back to the origin they are using. Null when an email's link cannot be built.
 */
export function staffLinkUrl(env: Pick<AppEnv, "SITE_URL">, path: string, shownTo?: Request): string | null {
  if (env.SITE_URL) return new URL(path, env.SITE_URL).href;
  return shownTo ? new URL(path, shownTo.url).href : null;
}

export const joinPath = (token: string) => `/join/${token}`;
export const resetPath = (token: string) => `/login/reset/${token}`;
