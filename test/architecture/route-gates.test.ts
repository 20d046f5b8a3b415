import { routes } from "virtual:react-router/server-build";
import { describe, expect, it } from "vitest";
import { readRouteHandle } from "~/route-handle";
import { ownerApiGate, ownerPageGate, staffApiGate, staffPageGate } from "~/features/staff/server/gates.server";
import { fetchWorker } from "../support/http";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// Every route of the app with the gates above it (app/routes.ts). The staff area's pages and
// endpoints are gated once by a parent route's middleware; this test is what makes a route added
// in the wrong place fail: each path's area says which gates it must sit behind.

type Gate = "staff page" | "owner page" | "staff API" | "owner API";
const gates = new Map<unknown, Gate>([
  [staffPageGate, "staff page"],
  [ownerPageGate, "owner page"],
  [staffApiGate, "staff API"],
  [ownerApiGate, "owner API"],
]);

// The endpoints anyone may call: the public forms, sign-in and sign-out, the health check.
const PUBLIC_API = [
  "api/health",
  "api/contact",
  "api/service-request",
  "api/login",
  "api/login/second-factor",
  "api/login/passkey/options",
  "api/login/passkey",
  "api/logout",
  "api/auth/status",
  "api/shop-hours",
];
// The areas only owners may enter, below the staff area.
const OWNER_AREAS = ["incoming/team", "incoming/settings", "incoming/audit", "api/team", "api/settings", "api/audit"];
// Staff pages and endpoints every member may use (behind the staff gate only), beyond the inbox's.
const EVERY_MEMBER = ["incoming/insights", "api/insights"];

type BuiltRoute = NonNullable<(typeof routes)[string]>;

function chainOf(route: BuiltRoute): BuiltRoute[] {
  const chain: BuiltRoute[] = [];
  for (let at: BuiltRoute | undefined = route; at; at = at.parentId ? routes[at.parentId] : undefined) {
    chain.unshift(at);
  }
  return chain;
}

const fullPath = (route: BuiltRoute) =>
  chainOf(route)
    .map((each) => each.path ?? "")
    .filter(Boolean)
    .join("/");

function gatesAbove(route: BuiltRoute): Gate[] {
  return chainOf(route).flatMap((each) => {
    const middleware: unknown[] = (each.module as { middleware?: unknown[] }).middleware ?? [];
    return middleware.flatMap((fn) => gates.get(fn) ?? []);
  });
}

const within = (path: string, area: string) =>
  path === area || path.startsWith(`${area}/`) || path.startsWith(`${area}.`);

function expectedGates(path: string): Gate[] {
  const owners = OWNER_AREAS.some((area) => within(path, area));
  if (within(path, "incoming")) return owners ? ["staff page", "owner page"] : ["staff page"];
  if (within(path, "api") && !PUBLIC_API.includes(path)) return owners ? ["staff API", "owner API"] : ["staff API"];
  return [];
}

// The routes that answer a URL (layouts without a path of their own are part of a chain, not a page).
const endpoints = Object.values(routes).filter(
  (route): route is BuiltRoute => route !== undefined && route.id !== "root" && Boolean(route.path ?? route.index),
);

const samplePath = (path: string) =>
  `/${path.replace(":kind", "contact-messages").replace(":id", crypto.randomUUID()).replace("*", "no-such-page")}`;

describe("route gates", () => {
  it("lists the staff pages and endpoints, each behind the gates of its area", () => {
    const table = endpoints.map((route) => ({ path: fullPath(route), gates: gatesAbove(route) }));
    expect(table.filter((row) => row.path.startsWith("incoming")).length).toBeGreaterThanOrEqual(2);
    expect(table.filter((row) => row.gates.includes("staff API")).length).toBeGreaterThanOrEqual(6);
    for (const row of table) expect(row, row.path).toEqual({ path: row.path, gates: expectedGates(row.path) });
  });

  it("keeps the call-back desk's endpoints behind the staff API gate, POST only", () => {
    for (const path of ["api/contact-submissions/:id/activity", "api/service-requests/:id/activity"]) {
      const route = endpoints.find((each) => fullPath(each) === path);
      expect(route, path).toBeDefined();
      expect(gatesAbove(route!)).toEqual(["staff API"]);
      expect(readRouteHandle(route!.module.handle).methods).toEqual(["POST"]);
    }
  });

  it("has every JSON endpoint declare the methods it takes, which the Worker checks before any gate", () => {
    const undeclared = endpoints
      .filter((route) => within(fullPath(route), "api") && !readRouteHandle(route.module.handle).methods)
      .map(fullPath);
    expect(undeclared).toEqual([]);
  });

  it("sends a visitor without a session from every staff page to /login", async () => {
    for (const route of endpoints.filter((each) => gatesAbove(each).includes("staff page"))) {
      const response = await fetchWorker(samplePath(fullPath(route)), { redirect: "manual" });
      expect(response.status, fullPath(route)).toBe(302);
      expect(response.headers.get("Location")).toBe("/login");
    }
  });

  it("answers 401 without a session on every staff endpoint, for each method it takes", async () => {
    for (const route of endpoints.filter((each) => gatesAbove(each).includes("staff API"))) {
      for (const method of readRouteHandle(route.module.handle).methods ?? []) {
        const response = await fetchWorker(samplePath(fullPath(route)), { method });
        expect(response.status, `${method} ${fullPath(route)}`).toBe(401);
        expect(response.headers.get("Cache-Control")).toBe("no-store");
      }
    }
  });

  it("lets every member, owner or staff, into the insights", async () => {
    const paths = endpoints.map(fullPath);
    for (const path of EVERY_MEMBER) expect(paths, path).toContain(path);
    await createStaffUser("gate-insights", "correct horse battery staple", "staff");
    const cookie = sessionCookie(await apiLogin("gate-insights", "correct horse battery staple"));
    for (const path of EVERY_MEMBER) {
      expect((await fetchWorker(`/${path}`, { headers: { Cookie: cookie } })).status, path).toBe(200);
    }
  });

  it("answers 403 to a staff member on every owners' page and endpoint", async () => {
    await createStaffUser("gate-staff", "correct horse battery staple", "staff");
    const cookie = sessionCookie(await apiLogin("gate-staff", "correct horse battery staple"));
    const ownersOnly = endpoints.filter((each) => gatesAbove(each).some((gate) => gate.startsWith("owner")));
    for (const route of ownersOnly) {
      // Each with the methods it takes: any other is answered 405 before the gates run.
      for (const method of readRouteHandle(route.module.handle).methods ?? ["GET", "POST"]) {
        const response = await fetchWorker(samplePath(fullPath(route)), { method, headers: { Cookie: cookie } });
        expect(response.status, `${method} ${fullPath(route)}`).toBe(403);
      }
    }
  });

  it("shows the owners' pages' refusal inside the staff shell, not the public site's", async () => {
    await createStaffUser("gate-shell", "correct horse battery staple", "staff");
    const cookie = sessionCookie(await apiLogin("gate-shell", "correct horse battery staple"));
    const page = await fetchWorker("/incoming/team", { headers: { Cookie: cookie } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toMatch(/Only the shop(&#x27;|')s owners can open this page\./);
    expect(html).toMatch(/<nav aria-label="Staff"/);
    expect(html).toContain("Sign out");
    // A staff member's navigation: no owners' entries, and none of the public site's header or footer.
    expect(html).not.toContain('href="/incoming/settings"');
    expect(html).not.toContain('id="site-header"');
    expect(html).not.toContain('id="site-footer"');
  });
});
