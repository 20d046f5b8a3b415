import { createCookie } from "react-router";
import { z } from "~/forms/zod";
import type { AppEnv } from "../../../http/env.server";

// A link an owner has just made (an invitation, a reset) is shown once, on the team page the
// action redirects to (post/redirect/get, with or without JavaScript). It rides to that page in a
// one-shot cookie: signed, HttpOnly, for this site only, five minutes at most, cleared when read.
// D1 never holds the link itself, only a hash of its secret.

export const SHOWN_LINK_COOKIE_NAME = "__Host-team-link";

const shownLinkSchema = z.object({
  kind: z.enum(["invitation", "reset"]),
  url: z.string(),
  expiresAt: z.string(),
  emailed: z.boolean(),
  /** A reset's account. */
  username: z.string().optional(),
});

export type ShownLink = z.infer<typeof shownLinkSchema>;

function shownLinkCookie(env: Pick<AppEnv, "SESSION_SECRET">) {
  return createCookie(SHOWN_LINK_COOKIE_NAME, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: 5 * 60,
    secrets: [env.SESSION_SECRET],
  });
}

export function shownLinkSetCookie(env: Pick<AppEnv, "SESSION_SECRET">, link: ShownLink): Promise<string> {
  return shownLinkCookie(env).serialize(link);
}

/** The link to show once, and the Set-Cookie value that clears it (null when there was none). */
export async function takeShownLink(
  request: Request,
  env: Pick<AppEnv, "SESSION_SECRET">,
): Promise<{ link: ShownLink | null; clearCookie: string | null }> {
  const cookieHeader = request.headers.get("Cookie");
  if (!cookieHeader?.includes(`${SHOWN_LINK_COOKIE_NAME}=`)) return { link: null, clearCookie: null };
  const cookie = shownLinkCookie(env);
  const parsed = shownLinkSchema.safeParse(await cookie.parse(cookieHeader));
  return { link: parsed.success ? parsed.data : null, clearCookie: await cookie.serialize("", { maxAge: 0 }) };
}
