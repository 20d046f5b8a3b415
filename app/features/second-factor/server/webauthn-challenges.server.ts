import { eq, lte } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { webauthnChallenges } from "~/db/schema/second-factor";
import type { AppEnv } from "../../../http/env.server";
import { signedHostCookie } from "~/keys/signed-cookie.server";

// WebAuthn challenges (decision 036): each is a D1 row named by an HttpOnly, signed, SameSite=Strict
// cookie of the browser that asked, so a challenge fetched by one browser cannot be answered from
// another; it is deleted as it is read (single use) and worth nothing after 5 minutes.

export const CHALLENGE_COOKIE_NAME = "__Host-webauthn";
export const CHALLENGE_LIFETIME_MS = 5 * 60 * 1000;

type Purpose = "register" | "sign-in";

const challengeCookie = (env: AppEnv) =>
  signedHostCookie(CHALLENGE_COOKIE_NAME, env, { sameSite: "strict", maxAge: CHALLENGE_LIFETIME_MS / 1000 });

/** Keeps a new challenge for this browser: the Set-Cookie value that names it. */
export async function keepChallenge(
  env: AppEnv,
  { challenge, purpose, userId, now }: { challenge: string; purpose: Purpose; userId: string | null; now: Date },
): Promise<string> {
  const id = crypto.randomUUID();
  const db = getDb(env);
  await db.batch([
    // Housekeeping: challenges nobody answered.
    db.delete(webauthnChallenges).where(lte(webauthnChallenges.expiresAt, now)),
    db.insert(webauthnChallenges).values({
      id,
      challenge,
      purpose,
      userId,
      expiresAt: new Date(now.getTime() + CHALLENGE_LIFETIME_MS),
    }),
  ]);
  return (await challengeCookie(env)).serialize(id);
}

/**
 * Takes this browser's challenge for `purpose` (deleting it whatever follows), or null when it has
 * none, it is for something else or another member, or it is over 5 minutes old.
 */
export async function takeChallenge(
  request: Request,
  env: AppEnv,
  { purpose, userId, now }: { purpose: Purpose; userId: string | null; now: Date },
): Promise<string | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${CHALLENGE_COOKIE_NAME}=`)) return null;
  const id: unknown = await (await challengeCookie(env)).parse(header);
  if (typeof id !== "string") return null;
  const [row] = await getDb(env).delete(webauthnChallenges).where(eq(webauthnChallenges.id, id)).returning();
  if (row?.purpose !== purpose || row.userId !== userId || row.expiresAt <= now) return null;
  return row.challenge;
}

/** The Set-Cookie value that forgets this browser's challenge. */
export const clearChallenge = async (env: AppEnv) =>
  (await challengeCookie(env)).serialize("", { expires: new Date(0), maxAge: undefined });
