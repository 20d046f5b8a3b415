import type { AppEnv } from "../../../http/env.server";
import { absoluteSiteUrl } from "../../../http/site-url.server";

/**
 * The absolute address of a team link (/join/<token>, /login/reset/<token>), shown or emailed:
 * from SITE_URL (the local origin when unset), never from the request's Host, which a forged
 * header could point at another site.
 */
export function staffLinkUrl(env: Pick<AppEnv, "SITE_URL">, path: string): string {
  return absoluteSiteUrl(env, path);
}

export const joinPath = (token: string) => `/join/${token}`;
export const resetPath = (token: string) => `/login/reset/${token}`;
