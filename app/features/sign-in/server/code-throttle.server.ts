import { getDb } from "~/db/db.server";
import { clientKey } from "../../../http/client-address.server";
import type { AppEnv } from "../../../http/env.server";
import { trustedDeviceFor } from "./device-cookie.server";
import { countAttempt, forgiveLoginAttempt, type Throttled, type ThrottleKeys } from "./login-throttle.server";

// A code is counted like a password (decision 017): per device that has signed in as this member
// before, else per account and client; under a name of its own, so codes and passwords each have
// their limits, and a stranger's wrong codes never lock out the member's own browser.
async function codeThrottleKeys(request: Request, env: AppEnv, username: string, now: Date): Promise<ThrottleKeys> {
  const device = await trustedDeviceFor(request, env, username, now.getTime());
  return { username: `second-factor:${username}`, client: clientKey(request), device };
}

/** Counts one second-factor code for `username` from this browser; the refusal when over the limit. */
export async function countCodeAttempt(
  request: Request,
  env: AppEnv,
  username: string,
  now: Date,
): Promise<Throttled | null> {
  return countAttempt(
    getDb(env),
    await codeThrottleKeys(request, env, username, now),
    env.LOGIN_THROTTLE_WINDOW_SECONDS,
    now,
  );
}

/** After a right code: this browser's own wrong codes are forgiven. */
export async function forgiveCodeAttempt(request: Request, env: AppEnv, username: string, now: Date): Promise<void> {
  await forgiveLoginAttempt(getDb(env), await codeThrottleKeys(request, env, username, now));
}
