import { createCookie } from "react-router";
import { z } from "~/forms/zod";
import type { SecretsEnv } from "~/keys/keys.server";
import { oneShotCookieReader } from "~/http/toast.server";
import { sealToken, unsealToken } from "./tokens.server";

// A link an owner has just made (an invitation, a reset) is shown once, on the team page the
// action redirects to (post/redirect/get, with or without JavaScript). It rides to that page in a
// one-shot cookie: sealed as a queued email's link is (AES-GCM, tokens.server.ts: unreadable, and
// tampering fails), HttpOnly, sent only to the staff area's paths (/incoming, which the team
// page's data requests, /incoming/team.data, are under), five minutes at most, cleared when read.
// D1 never holds the link itself, only a hash of its secret.

// `__Secure-`, not `__Host-`: a `__Host-` cookie must be sent to every path.
export const SHOWN_LINK_COOKIE_NAME = "__Secure-team-link";
const SHOWN_LINK_PATH = "/incoming";

const shownLinkSchema = z.object({
  kind: z.enum(["invitation", "reset"]),
  url: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
  /** A reset's account. */
  username: z.string().optional(),
});

export type ShownLink = z.infer<typeof shownLinkSchema>;

const shownLinkCookie = createCookie(SHOWN_LINK_COOKIE_NAME, {
  httpOnly: true,
  secure: true,
  sameSite: "strict",
  path: SHOWN_LINK_PATH,
  maxAge: 5 * 60,
});

export async function shownLinkSetCookie(env: SecretsEnv, link: ShownLink): Promise<string> {
  return shownLinkCookie.serialize(await sealToken(JSON.stringify(link), env));
}

/** The link to show once, and the Set-Cookie value that clears it (null when there was none). */
export const takeShownLink = oneShotCookieReader<ShownLink, SecretsEnv>({
  name: SHOWN_LINK_COOKIE_NAME,
  cookie: () => shownLinkCookie,
  read: async (sealed, env) => {
    const opened = typeof sealed === "string" ? await unsealToken(sealed, env) : null;
    try {
      const parsed = opened ? shownLinkSchema.safeParse(JSON.parse(opened)) : null;
      return parsed?.success ? parsed.data : null;
    } catch {
      return null;
    }
  },
});
