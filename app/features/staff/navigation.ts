import type { StaffRole } from "../../http/staff-roles";

// The staff shell's navigation, in order. A page that joins the staff area adds its entry here;
// `owners` entries are shown to owners only (their routes sit behind the owners' gate as well).
export type StaffNavItem = { label: string; href: string; owners?: boolean };

export const staffNavigation: readonly StaffNavItem[] = [
  { label: "Inbox", href: "/incoming" },
  { label: "Insights", href: "/incoming/insights" },
  { label: "Team", href: "/incoming/team", owners: true },
  { label: "Settings", href: "/incoming/settings", owners: true },
  { label: "Account", href: "/incoming/account" },
  { label: "Audit log", href: "/incoming/audit", owners: true },
];

export function staffNavigationFor(role: StaffRole): StaffNavItem[] {
  return staffNavigation.filter((item) => !item.owners || role === "owner");
}

/** The entry a path belongs to: the inbox owns its record pages, the others their own subpaths. */
export function isCurrentStaffPage(href: string, pathname: string): boolean {
  if (href === "/incoming") {
    // A record's page is /incoming/<kind>/<id>; /incoming/account/second-factor is the account's.
    const ownedByAnother = staffNavigation.some((item) => item.href !== href && pathname.startsWith(`${item.href}/`));
    return pathname === "/incoming" || (/^\/incoming\/[a-z-]+\/[^/]+$/.test(pathname) && !ownedByAnother);
  }
  return pathname === href || pathname.startsWith(`${href}/`);
}
