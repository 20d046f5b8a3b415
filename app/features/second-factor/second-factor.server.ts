import { getStaffUser } from "../sign-in/sign-in.server";
import type { AppEnv } from "../../http/env.server";
import { stepUpRequired } from "./server/step-up.server";

// The second factor's public door for the rest of the app (decision 035). Its own pages and
// endpoints call the module that answers them; other features and their routes call this.

/**
 * Before what matters (a CSV export, deleting a record, changing the team): null when this
 * session proved its member within 2 hours, else the answer to return at once: 403 naming the
 * step for an API call, or a redirect to /incoming/check, which comes back afterwards, for a page.
 */
export async function askAgainIfStale(request: Request, env: AppEnv, now: Date): Promise<Response | null> {
  const member = await getStaffUser(request, env, now);
  // Only behind a staff gate, which has let a member in: without one there is nothing to check.
  if (!member) return null;
  return stepUpRequired(request, env, member, now);
}

export { secondFactorAccount, teamFactors, teamRequiresSecondFactor } from "./server/enrolment.server";
export { signInWithCode } from "./server/sign-in.server";
export { hasAuthenticator, mustEnrol } from "./server/factors.server";
