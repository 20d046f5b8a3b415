import type { AppEnv } from "./env.server";

// The site's own address, for every link that leaves it: the record links and the digest in the
// shop's emails, and whatever else is sent out (invitations, password resets). It comes from
// configuration only: a request can name any Host, and a link built from it would send staff to
// whoever sent the request.

/** Where a local run serves the site when SITE_URL is not set (wrangler dev's default port). */
export const LOCAL_SITE_ORIGIN = "http://localhost:8787";

/** The site's origin: SITE_URL (which production requires), else the local one. */
export function configuredSiteOrigin(env: Pick<AppEnv, "SITE_URL">): string {
  return env.SITE_URL ?? LOCAL_SITE_ORIGIN;
}

/** The site's absolute URL for a path ("/incoming/…", "/reset-password?token=…"). */
export function absoluteSiteUrl(env: Pick<AppEnv, "SITE_URL">, path: string): string {
  return new URL(path, configuredSiteOrigin(env)).href;
}
