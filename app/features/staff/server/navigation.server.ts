import type { MiddlewareFunction, ServerBuild } from "react-router";
import type { StaffRole } from "~/http/staff-roles";
import { readRouteHandle } from "~/route-handle";
import type { StaffNavItem } from "../navigation";

// The staff navigation, read from the routes themselves: a page that declares `staffNav` in its
// handle has an entry, linked to its path in app/routes.ts; one below a route that runs the owners'
// gate is for owners only, as the gate makes it. Adding a staff page touches no list here.

type Routes = ServerBuild["routes"];
type Route = NonNullable<Routes[string]>;
type Entry = StaffNavItem & { position: number; ownersOnly: boolean };
type Navigation = Record<StaffRole, StaffNavItem[]>;

const navigationByBuild = new WeakMap<Routes, Navigation>();

function entryOf(routes: Routes, route: Route, ownersGate: MiddlewareFunction<Response>): Entry[] {
  const nav = readRouteHandle(route.module.handle).staffNav;
  if (!nav) return [];
  const segments: string[] = [];
  let ownersOnly = false;
  for (let at: Route | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    if (at.path) segments.unshift(at.path);
    if (at.module.middleware?.includes(ownersGate)) ownersOnly = true;
  }
  return [{ label: nav.label, href: `/${segments.join("/")}`, position: nav.position, ownersOnly }];
}

/** Each role's entries, in order, worked out once per build. */
export function staffNavigationFor(routes: Routes, ownersGate: MiddlewareFunction<Response>): Navigation {
  let navigation = navigationByBuild.get(routes);
  if (!navigation) {
    const entries = Object.values(routes)
      .flatMap((route) => (route ? entryOf(routes, route, ownersGate) : []))
      .sort((a, b) => a.position - b.position);
    const linksOf = (list: Entry[]) => list.map(({ label, href }) => ({ label, href }));
    navigation = { owner: linksOf(entries), staff: linksOf(entries.filter((entry) => !entry.ownersOnly)) };
    navigationByBuild.set(routes, navigation);
  }
  return navigation;
}
