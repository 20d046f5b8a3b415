import { data, redirect, type MiddlewareFunction } from "react-router";
import { getEnv, getRequestTime } from "../http/context.server";
import { jsonResponse, NO_STORE } from "../http/responses.server";
import { getStaffMember, staffMemberContext } from "../http/staff-member.server";
import { getStaffUser } from "./auth.server";

// The staff side's doors. app/routes.ts puts every staff page and staff endpoint inside a group
// whose parent route runs one of these, so a route added there cannot forget its check; the
// owners' pages and endpoints sit in a group inside that one with the owners' gate as well.
// test/route-gates.test.ts lists every route and the gates above it.

const FORBIDDEN_MESSAGE = "Only the shop's owners can do this.";

/** Staff pages: a signed-in member, or a redirect to /login. */
export const staffPageGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const member = await getStaffUser(request, getEnv(context), getRequestTime(context));
  if (!member) throw redirect("/login", { headers: NO_STORE });
  context.set(staffMemberContext, member);
  return next();
};

/** Staff JSON endpoints: a signed-in member, or 401. */
export const staffApiGate: MiddlewareFunction<Response> = async ({ request, context }, next) => {
  const member = await getStaffUser(request, getEnv(context), getRequestTime(context));
  if (!member) throw jsonResponse({ message: "Unauthorized" }, 401);
  context.set(staffMemberContext, member);
  return next();
};

/** Owners' pages, inside the staff pages' group: a staff member gets the 403 page. */
export const ownerPageGate: MiddlewareFunction<Response> = ({ context }, next) => {
  if (getStaffMember(context).role !== "owner") {
    throw data({ message: FORBIDDEN_MESSAGE }, { status: 403, headers: NO_STORE });
  }
  return next();
};

/** Owners' endpoints, inside the staff endpoints' group: 403 for a staff member. */
export const ownerApiGate: MiddlewareFunction<Response> = ({ context }, next) => {
  if (getStaffMember(context).role !== "owner") throw jsonResponse({ message: FORBIDDEN_MESSAGE }, 403);
  return next();
};
