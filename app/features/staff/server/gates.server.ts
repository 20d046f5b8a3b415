import { redirect, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { getEnv, getRequestTime, getServerRoutes } from "../../../http/context.server";
import { jsonRefusal, refusalData, refused } from "../../../http/outcome.server";
import { NO_STORE } from "../../../http/responses.server";
import { getStaffMember, staffMemberContext } from "../../../http/staff-member.server";
import { getDb } from "~/db/db.server";
import { getStaffUser } from "../../sign-in/sign-in.server";
import { mustEnrol } from "../../second-factor/second-factor.server";
import { staffNavigationFor } from "./navigation.server";
import type { SignedInMember, StaffNavItem } from "../navigation";

// The staff side's doors. app/routes.ts puts every staff page and staff endpoint inside a group
// whose parent route runs one of these, so a route added there cannot forget its check; the
// owners' pages and endpoints sit in a group inside that one with the owners' gate as well.
// test/architecture/route-gates.test.ts lists every route and the gates above it.

const FORBIDDEN_MESSAGE = "Only the shop's owners can do this.";

/** What the owners' pages' gate answers a staff member with (403). */
export type StaffPageRefusal = { message: string; member: SignedInMember; navigation: StaffNavItem[] };

// Where a member the owners require a second factor of, who has none yet, may go: their account
// page (to set one up) and its API; everything else sends them there (decision 035).
export const ENROL_PAGE = "/incoming/account";
const ENROL_MESSAGE = "The shop's owners require a second factor: set up an authenticator app on your account page.";
const mayEnrolAt = (request: Request) => /^\/(?:incoming|api)\/account(?:[/.]|$)/.test(new URL(request.url).pathname);

/** Staff pages: a signed-in member, or a redirect to /login (or to set up a required second factor). */
export const staffPageGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const env = getEnv(context);
  const member = await getStaffUser(request, env, getRequestTime(context));
  if (!member) throw redirect("/login", { headers: NO_STORE });
  if (!mayEnrolAt(request) && (await mustEnrol(getDb(env), member.id))) {
    throw redirect(`${ENROL_PAGE}?required=second-factor`, { headers: NO_STORE });
  }
  context.set(staffMemberContext, member);
  return next();
};

/** Staff JSON endpoints: a signed-in member, or 401 (403 while a required second factor is missing). */
export const staffApiGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const env = getEnv(context);
  const member = await getStaffUser(request, env, getRequestTime(context));
  if (!member) throw jsonRefusal(refused("unauthorized", "Unauthorized").refusal);
  if (!mayEnrolAt(request) && (await mustEnrol(getDb(env), member.id))) {
    const extra = { step: "set-up-second-factor", location: ENROL_PAGE };
    throw jsonRefusal(refused("forbidden", ENROL_MESSAGE, { extra }).refusal);
  }
  context.set(staffMemberContext, member);
  return next();
};

/**
 * Owners' pages, inside the staff pages' group: a staff member gets the 403 page. No loader runs
 * after a refusal, so the refusal carries the member's navigation for the page's staff header.
 */
export const ownerPageGate: MiddlewareFunction<Response> = ({ context }, next) => {
  const { username, role } = getStaffMember(context);
  if (role !== "owner") {
    const refusal: StaffPageRefusal = {
      message: FORBIDDEN_MESSAGE,
      member: { username, role },
      navigation: navigationOf(context),
    };
    throw refusalData(refused("forbidden", FORBIDDEN_MESSAGE).refusal, refusal, NO_STORE);
  }
  return next();
};

/** The acting member's staff navigation: the pages behind `ownerPageGate` are listed for owners only. */
export function navigationOf(context: Readonly<RouterContextProvider>): StaffNavItem[] {
  return staffNavigationFor(getServerRoutes(context), ownerPageGate)[getStaffMember(context).role];
}

/** Owners' endpoints, inside the staff endpoints' group: 403 for a staff member. */
export const ownerApiGate: MiddlewareFunction<Response> = ({ context }, next) => {
  if (getStaffMember(context).role !== "owner") throw jsonRefusal(refused("forbidden", FORBIDDEN_MESSAGE).refusal);
  return next();
};
