import type { MiddlewareFunction } from "react-router";
import { getStaffUser } from "../sign-in/sign-in.server";
import { getEnv, getRequestTime } from "../../http/context.server";
import type { AppEnv } from "../../http/env.server";
import { getStaffMember } from "../../http/staff-member.server";
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

/**
 * The fresh-check gate (app/routes.ts): every change a group of routes takes (any method but GET
 * and HEAD) needs a check from the last 2 hours, or is answered as `askAgainIfStale` answers:
 * 403 `{ step }` for an API call, the check page (then back) for a page. Reading stays open. It
 * sits inside a staff gate, after the owners' gate where there is one, so a staff member still
 * gets 403 for an owners' page before being asked for anything.
 */
export const freshCheckGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  if (request.method === "GET" || request.method === "HEAD") return next();
  const asked = await stepUpRequired(request, getEnv(context), getStaffMember(context), getRequestTime(context));
  if (asked) throw asked;
  return next();
};

export { secondFactorAccount, teamFactors, teamRequiresSecondFactor } from "./server/enrolment.server";
export { signInWithCode } from "./server/sign-in.server";
export { mustEnrol } from "./server/factors.server";
