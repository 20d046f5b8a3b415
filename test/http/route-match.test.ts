import type { ServerBuild } from "react-router";
import { describe, expect, it } from "vitest";
import { leafRouteHandle, leafRouteId } from "~/http/route-match.server";

// The Worker asks which route answers a path before React Router runs (its methods, then the page
// cache); the answers are remembered per path and per build (app/http/route-match.server.ts).

type Route = { id: string; parentId?: string; path?: string; index?: boolean; handle?: unknown };

function build(routes: Route[]): ServerBuild["routes"] {
  return Object.fromEntries(
    routes.map(({ handle, ...route }) => [route.id, { ...route, module: { default: () => null, handle } }]),
  );
}

const site = (aboutHandle: unknown) =>
  build([
    { id: "root", path: "" },
    { id: "home", parentId: "root", index: true },
    { id: "about", parentId: "root", path: "about", handle: aboutHandle },
    { id: "service", parentId: "root", path: "services/:slug" },
    { id: "catch-all", parentId: "root", path: "*" },
  ]);

describe("the route that answers a path", () => {
  it("is the same when asked again, and the catch-all's for an unknown path", () => {
    const routes = site(undefined);
    for (let round = 0; round < 2; round++) {
      expect(leafRouteId(routes, "/")).toBe("home");
      expect(leafRouteId(routes, "/about")).toBe("about");
      expect(leafRouteId(routes, "/services/brakes")).toBe("service");
      expect(leafRouteId(routes, "/no-such-page")).toBe("catch-all");
    }
  });

  it("is read from each build's own routes: a new deploy's handle is never answered from the last one's", () => {
    const before = site({ hydrate: true });
    const after = site({ hydrate: false });
    expect(leafRouteHandle(before, "/about").hydrate).toBe(true);
    expect(leafRouteHandle(after, "/about").hydrate).toBe(false);
  });

  it("stays right past the number of paths it remembers", () => {
    const routes = site(undefined);
    expect(leafRouteId(routes, "/about")).toBe("about");
    for (let index = 0; index < 1_200; index++) {
      expect(leafRouteId(routes, `/services/part-${index}`)).toBe("service");
    }
    expect(leafRouteId(routes, "/about")).toBe("about");
    expect(leafRouteId(routes, "/")).toBe("home");
  });
});
