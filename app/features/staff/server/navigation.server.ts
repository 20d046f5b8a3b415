import type { ServerBuild } from "react-router";
import type { StaffRole } from "~/http/staff-roles";
import { readRouteHandle } from "~/route-handle";
import type { StaffNavItem } from "../navigation";

// The staff navigation, read from the routes themselves: a page that declares `staffNav` in its
// handle has an entry, linked to its path in app/routes.ts; one under the owners' layout is for
// owners only, as its gate is. Adding a staff page touches no list here.

type Routes = ServerBuild["routes"];
type Entry = StaffNavItem & { position: number; ownersOnly: boolean };

const OWNERS_LAYOUT = "features/staff/routes/owners-layout";
const entriesByBuild = new WeakMap<Routes, Entry[]>();

function entriesOf(routes: Routes): Entry[] {
  let entries = entriesByBuild.get(routes);
  if (!entries) {
    entries = Object.values(routes)
      .flatMap((route): Entry[] => {
        const nav = route && readRouteHandle(route.module.handle).staffNav;
        if (!route || !nav) return [];
        const segments: string[] = [];
        let ownersOnly = false;
        for (let at: typeof route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
          if (at.path) segments.unshift(at.path);
          if (at.id === OWNERS_LAYOUT) ownersOnly = true;
        }
        return [{ label: nav.label, href: `/${segments.join("/")}`, position: nav.position, ownersOnly }];
      })
      .sort((a, b) => a.position - b.position);
    entriesByBuild.set(routes, entries);
  }
  return entries;
}

/** The entries a member of `role` sees, in order. */
export function staffNavigationFor(routes: Routes, role: StaffRole): StaffNavItem[] {
  return entriesOf(routes)
    .filter((entry) => !entry.ownersOnly || role === "owner")
    .map(({ label, href }) => ({ label, href }));
}
