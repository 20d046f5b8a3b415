import { matchRoutes, type RouteObject, type ServerBuild } from "react-router";
import { readRouteHandle, type RouteHandle } from "~/route-handle";

// What the Worker entry needs to know about a request's route before React Router runs it: the
// methods it takes (app/http/methods.server.ts) and whether its page may be cached
// (app/rendering/page-cache.server.ts), both declared in the route module's `handle`.

const routeTrees = new WeakMap<ServerBuild["routes"], RouteObject[]>();

// The build lists routes flat, each naming its parent; matchRoutes wants them nested.
function routeTree(routes: ServerBuild["routes"]): RouteObject[] {
  let tree = routeTrees.get(routes);
  if (!tree) {
    const childrenOf = (parentId: string | undefined): RouteObject[] =>
      Object.values(routes).flatMap((route): RouteObject[] => {
        if (!route || route.parentId !== parentId) return [];
        const { id, path, caseSensitive } = route;
        return [
          route.index
            ? { id, path, caseSensitive, index: true }
            : { id, path, caseSensitive, children: childrenOf(id) },
        ];
      });
    tree = childrenOf(undefined);
    routeTrees.set(routes, tree);
  }
  return tree;
}

// matchRoutes flattens and ranks the whole tree on every call, and every request asks twice (its
// methods, then the page cache) before a cached page goes out: the answers are kept per path. Any
// path can be asked for, so the memory is bounded: past MAX_REMEMBERED_PATHS it starts again.
const MAX_REMEMBERED_PATHS = 512;
const leafIds = new WeakMap<ServerBuild["routes"], Map<string, string | undefined>>();

/** The id of the route that answers `pathname` (the catch-all's for an unknown path). */
export function leafRouteId(routes: ServerBuild["routes"], pathname: string): string | undefined {
  let known = leafIds.get(routes);
  if (!known) leafIds.set(routes, (known = new Map<string, string | undefined>()));
  if (known.has(pathname)) return known.get(pathname);
  if (known.size >= MAX_REMEMBERED_PATHS) known.clear();
  const id = matchRoutes(routeTree(routes), pathname)?.at(-1)?.route.id;
  known.set(pathname, id);
  return id;
}

/** The `handle` of the route that answers `pathname` (the catch-all's for an unknown path). */
export function leafRouteHandle(routes: ServerBuild["routes"], pathname: string): RouteHandle {
  const id = leafRouteId(routes, pathname);
  return id ? readRouteHandle(routes[id]?.module.handle) : {};
}
