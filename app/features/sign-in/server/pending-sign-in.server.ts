import { createCookie } from "react-router";
import { z } from "~/forms/zod";
import type { AppEnv } from "../../../http/env.server";

// The half-signed-in state (docs/decisions/035-second-factor.md): a member whose password was right
// and who has a second factor holds only this signed cookie until a code finishes the sign-in. It
// names the account and when the password was proven; it is no session, so no gate lets it read
// anything (the gates read the session cookie alone), and it is worth nothing after 5 minutes.

export const PENDING_COOKIE_NAME = "__Host-pending-sign-in";
export const PENDING_LIFETIME_MS = 5 * 60 * 1000;

const pendingSchema = z.object({ userId: z.uuid(), username: z.string(), issuedAt: z.number() });

export type PendingSignIn = z.infer<typeof pendingSchema>;

function pendingCookie(env: Pick<AppEnv, "SESSION_SECRET">) {
  return createCookie(PENDING_COOKIE_NAME, {
    httpOnly: true,
    secure: true,
    sameSite: "strict",
    path: "/",
    maxAge: PENDING_LIFETIME_MS / 1000,
    secrets: [env.SESSION_SECRET],
  });
}

/** The Set-Cookie value that puts this browser half-way through signing in as `user`. */
export function startPendingSignIn(
  env: Pick<AppEnv, "SESSION_SECRET">,
  user: { id: string; username: string },
  now: Date,
): Promise<string> {
  const pending: PendingSignIn = { userId: user.id, username: user.username, issuedAt: now.getTime() };
  return pendingCookie(env).serialize(pending);
}

/** The pending sign-in this browser holds, if signed by us and under 5 minutes old. */
export async function readPendingSignIn(
  request: Request,
  env: Pick<AppEnv, "SESSION_SECRET">,
  now: Date,
): Promise<PendingSignIn | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${PENDING_COOKIE_NAME}=`)) return null;
  const parsed = pendingSchema.safeParse(await pendingCookie(env).parse(header));
  if (!parsed.success) return null;
  const age = now.getTime() - parsed.data.issuedAt;
  return age >= 0 && age < PENDING_LIFETIME_MS ? parsed.data : null;
}

/** The Set-Cookie value that ends the half-signed-in state. */
export function clearPendingSignIn(env: Pick<AppEnv, "SESSION_SECRET">): Promise<string> {
  return pendingCookie(env).serialize("", { expires: new Date(0), maxAge: undefined });
}
