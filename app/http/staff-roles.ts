// The two kinds of staff account. Both work the inbox; only owners run the team, the shop's
// settings and read the audit log (their pages sit behind the owners' gate in app/routes.ts).
export const STAFF_ROLES = ["owner", "staff"] as const;
export type StaffRole = (typeof STAFF_ROLES)[number];

export const roleLabels: Record<StaffRole, string> = { owner: "Owner", staff: "Staff" };

/** The roles as a select's choices, in order. */
export const roleOptions = STAFF_ROLES.map((role) => ({ value: role, label: roleLabels[role] }));

export function isStaffRole(value: unknown): value is StaffRole {
  return typeof value === "string" && (STAFF_ROLES as readonly string[]).includes(value);
}
