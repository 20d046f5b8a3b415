import { createContext, type RouterContextProvider } from "react-router";
import type { StaffRole } from "~/http/staff-roles";
import { clientKey } from "./client-address.server";
import { getRequestTime } from "./context.server";

// The member a staff gate let in (app/features/staff/server/gates.server.ts), kept in the router context for
// the loaders and actions below it: any feature reads who is acting from here, not from sign-in's
// internals.

/** A signed-in member, and the session they are signed in with (the account page marks it). */
export type StaffMember = { id: string; username: string; role: StaffRole; sessionId: string };

/** Who is acting (a member, or for a failed sign-in only the name tried), from where and when. */
export type Acting = {
  actor: { id: string | null; name: string } | null;
  /** The client's address key (clientKey in client-address.server.ts). */
  client: string | null;
  /** The request's time (docs/decisions/012-request-time-and-open-now.md). */
  at: Date;
  /** The acting member's session, when a member acts (what ends their sessions keeps this one). */
  sessionId?: string;
};

export const staffMemberContext = createContext<StaffMember | null>(null);

/** The member the area's gate let in: for loaders and actions inside a gated group. */
export function getStaffMember(context: Readonly<RouterContextProvider>): StaffMember {
  const member = context.get(staffMemberContext);
  // Reaching this without a member is a route placed outside the gated groups in app/routes.ts.
  if (!member) throw new Error("getStaffMember: this route is not inside a staff gate (app/routes.ts)");
  return member;
}

/** The member acting in this request, from where and when: for the audit log's entries. */
export function actingMember(request: Request, context: Readonly<RouterContextProvider>): Acting {
  const member = getStaffMember(context);
  return {
    actor: { id: member.id, name: member.username },
    client: clientKey(request),
    at: getRequestTime(context),
    sessionId: member.sessionId,
  };
}
