import { isStaffRole, type StaffRole } from "~/http/staff-roles";
import { inboxKindBySlug } from "~/records/kinds";

// The staff shell's navigation as the header draws it. Each page declares its own entry in its
// route module's `handle` (`staffNav`); the server collects them (server/navigation.server.ts).
export type StaffNavItem = { label: string; href: string };

/** Who is signed in, as the staff header names them. */
export type SignedInMember = { username: string; role: StaffRole };

/** The entry a path belongs to: the inbox owns its record pages, the others their own subpaths. */
export function isCurrentStaffPage(href: string, pathname: string): boolean {
  if (href === "/incoming") {
    // A record's page is /incoming/<kind>/<id>; /incoming/account/second-factor is the account's.
    const record = /^\/incoming\/([a-z-]+)\/[^/]+$/.exec(pathname);
    return pathname === "/incoming" || (record !== null && inboxKindBySlug(record[1]) !== undefined);
  }
  return pathname === href || pathname.startsWith(`${href}/`);
}

/** The navigation a refusal carries (the owners' pages' gate sends it, since no loader ran), or none. */
export function navigationIn(refusal: unknown): StaffNavItem[] {
  if (typeof refusal !== "object" || refusal === null || !("navigation" in refusal)) return [];
  // Made by the gate on this server (StaffPageRefusal), not read from a client.
  return Array.isArray(refusal.navigation) ? (refusal.navigation as StaffNavItem[]) : [];
}

/** The member a refusal names (the owners' pages' gate sends who was refused), or none. */
export function memberIn(refusal: unknown): SignedInMember | undefined {
  if (typeof refusal !== "object" || refusal === null || !("member" in refusal)) return undefined;
  const { member } = refusal;
  if (typeof member !== "object" || member === null || !("username" in member) || !("role" in member)) return undefined;
  const { username, role } = member;
  return typeof username === "string" && isStaffRole(role) ? { username, role } : undefined;
}
