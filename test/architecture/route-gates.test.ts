import { routes } from "virtual:react-router/server-build";
import { describe, expect, it } from "vitest";
import { readRouteHandle } from "~/route-handle";
import { ownerApiGate, ownerPageGate, staffApiGate, staffPageGate } from "~/features/staff/server/gates.server";
import { freshCheckGate } from "~/features/second-factor/second-factor.server";
import { fetchWorker, ORIGIN } from "../support/http";
import { apiLogin, createStaffUser, sessionCookie } from "../support/staff";

// Every route of the app with the gates above it (app/routes.ts). The staff area's pages and
// endpoints are gated once by a parent route's middleware; this test is what makes a route added
// in the wrong place fail: each path's area says which gates it must sit behind.

type Gate = "staff page" | "owner page" | "staff API" | "owner API" | "fresh check";
const gates = new Map<unknown, Gate>([
  [staffPageGate, "staff page"],
  [ownerPageGate, "owner page"],
  [staffApiGate, "staff API"],
  [ownerApiGate, "owner API"],
  [freshCheckGate, "fresh check"],
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
  "api/availability",
  "api/bookings",
  "api/booking-views",
];
// The areas only owners may enter, below the staff area.
const OWNER_AREAS = [
  "incoming/team",
  "incoming/settings",
  "incoming/audit",
  "incoming/insights/response-record",
  "api/team",
  "api/settings",
  "api/audit",
];
// Staff pages and endpoints every member may use (behind the staff gate only), beyond the inbox's.
const EVERY_MEMBER = ["incoming/insights", "api/insights"];
// What changes how a member signs in, and every owners' change: any method but GET and HEAD needs a
// check from the last 2 hours (the fresh-check gate). The check itself, and the audit log (read
// only), stay outside.
const FRESH_CHECK_AREAS = [
  "incoming/account",
  "api/account",
  "incoming/team",
  "incoming/settings",
  "incoming/insights/response-record",
  "api/team",
  "api/settings",
];
const FRESH_CHECK_EXCEPT = ["api/account/check"];
const needsFreshCheck = (path: string) =>
  FRESH_CHECK_AREAS.some((area) => within(path, area)) && !FRESH_CHECK_EXCEPT.includes(path);

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
  const fresh: Gate[] = needsFreshCheck(path) ? ["fresh check"] : [];
  if (within(path, "incoming"))
    return [...(owners ? ["staff page", "owner page"] : ["staff page"]), ...fresh] as Gate[];
  if (within(path, "api") && !PUBLIC_API.includes(path)) {
    return [...(owners ? ["staff API", "owner API"] : ["staff API"]), ...fresh] as Gate[];
  }
  return [];
}

// The routes that answer a URL (layouts without a path of their own are part of a chain, not a page).
const endpoints = Object.values(routes).filter(
  (route): route is BuiltRoute => route !== undefined && route.id !== "root" && Boolean(route.path ?? route.index),
);

const samplePath = (path: string) =>
  `/${path.replace(":kind", "contact-messages").replace(":id", crypto.randomUUID()).replace("*", "no-such-page")}`;

/** The changes a route takes: an endpoint's methods but GET and HEAD; a page's POST, if it has an action. */
function writesOf(route: BuiltRoute): string[] {
  const declared = readRouteHandle(route.module.handle).methods;
  if (declared) return declared.filter((method) => method !== "GET" && method !== "HEAD");
  return (route.module as { action?: unknown }).action ? ["POST"] : [];
}

/** A change sent as the browser or a script would, with a body no handler takes (the gates answer first). */
function sendWrite(route: BuiltRoute, method: string, cookie: string, at: Date) {
  const path = fullPath(route);
  const api = within(path, "api");
  return fetchWorker(
    samplePath(path).replace(":username", "gate-fresh").replace(":date", "2030-01-02"),
    {
      method,
      redirect: "manual",
      headers: {
        Cookie: cookie,
        Origin: ORIGIN,
        "Sec-Fetch-Site": "same-origin",
        "Content-Type": api ? "application/json" : "application/x-www-form-urlencoded",
      },
      body: api ? "{}" : "intent=anything",
    },
    { at },
  );
}

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
    // The header names who is signed in, as on every staff page.
    expect(html).toMatch(/>gate-shell<\/span> <span[^>]*>· (<!-- -->)?Staff</);
    // A staff member's navigation: no owners' entries, and none of the public site's header or footer.
    expect(html).not.toContain('href="/incoming/settings"');
    expect(html).not.toContain('id="site-header"');
    expect(html).not.toContain('id="site-footer"');
  });
  it("keeps every owners' change behind the fresh check, and none outside the owners' group", () => {
    for (const route of endpoints.filter((each) => writesOf(each).length > 0)) {
      const gates = gatesAbove(route);
      if (gates.some((gate) => gate.startsWith("owner"))) expect(gates, fullPath(route)).toContain("fresh check");
    }
  });

  it("refuses no staff member's change on a staff page or endpoint outside the owners' group", async () => {
    // An owners' change posted to a page every member uses would miss the owners' group and its
    // fresh check: an owners' change has its own route inside the group (the response record's switch).
    await createStaffUser("gate-member", "correct horse battery staple", "staff");
    const cookie = sessionCookie(await apiLogin("gate-member", "correct horse battery staple"));
    const everyMembers = endpoints.filter((each) => {
      const gates = gatesAbove(each);
      return gates.some((gate) => gate.startsWith("staff")) && !gates.some((gate) => gate.startsWith("owner"));
    });
    let tried = 0;
    // The inbox's own POST is the Logout button: sent last, once the session has done the rest.
    const logoutLast = everyMembers.sort(
      (a, b) => Number(fullPath(a) === "incoming") - Number(fullPath(b) === "incoming"),
    );
    for (const route of logoutLast) {
      for (const method of writesOf(route)) {
        const response = await sendWrite(route, method, cookie, new Date());
        tried += 1;
        const text = await response.text();
        expect(`${response.status} ${text}`, `${method} ${fullPath(route)}`).not.toMatch(
          /Only the shop(&#x27;|')s owners/,
        );
        expect(response.status, `${method} ${fullPath(route)}`).not.toBe(403);
      }
    }
    expect(tried).toBeGreaterThanOrEqual(10);
  });

  it("asks a session whose check is over 2 hours old again before any change behind the fresh check", async () => {
    const at = new Date();
    const later = new Date(at.getTime() + 2 * 60 * 60_000 + 60_000);
    await createStaffUser("gate-fresh", "correct horse battery staple", "owner");
    const cookie = sessionCookie(await apiLogin("gate-fresh", "correct horse battery staple", { at }));
    const behind = endpoints.filter((each) => gatesAbove(each).includes("fresh check"));
    expect(behind.map(fullPath).sort()).toEqual(
      [
        // How a member signs in: name and email, password, sessions, the authenticator, recovery codes, passkeys.
        "incoming/account",
        "incoming/account/second-factor",
        "incoming/account/calendar-feed",
        "api/account",
        "api/account/password",
        "api/account/sessions",
        "api/account/sessions/:id",
        "api/account/passkeys/options",
        "api/account/passkeys",
        // The owners' changes to the team and the settings.
        "incoming/team",
        "incoming/team/second-factor",
        "incoming/settings",
        "incoming/settings/capacity",
        "incoming/settings/emails",
        "incoming/settings/estimates",
        "incoming/settings/reply-templates",
        "incoming/settings/services",
        "incoming/settings/services/:slug",
        "incoming/insights/response-record",
        "api/team",
        "api/team/invitations",
        "api/team/invitations/:id",
        "api/team/second-factor",
        "api/team/:username",
        "api/team/:username/second-factor",
        "api/team/:username/password-reset",
        "api/settings/weekly-hours",
        "api/settings/closures",
        "api/settings/closures/:date",
        "api/settings/special-hours",
        "api/settings/special-hours/:date",
        "api/settings/holidays",
        "api/settings/notice",
        "api/settings/capacity",
        "api/settings/appointment-options",
        "api/settings/online-booking",
        "api/settings/emails",
        "api/settings/estimates",
        "api/settings/reply-templates",
        "api/settings/reply-templates/:templateId",
        "api/settings/services",
        "api/settings/services/:slug",
        "api/settings/services/:slug/versions",
        "api/settings/services/:slug/versions/:version/restore",
        "api/settings/services/:slug/photos",
        "api/settings/services/:slug/photos/:id",
        "api/settings/texts",
        "api/settings/texts/versions",
        "api/settings/texts/versions/:version/restore",
      ].sort(),
    );
    // Every owners' page action and API write, and every other write behind the check.
    const owners = endpoints.filter((each) => gatesAbove(each).some((gate) => gate.startsWith("owner")));
    const walked = [...new Set([...behind, ...owners])];
    let writes = 0;
    for (const route of walked) {
      const path = fullPath(route);
      const api = within(path, "api");
      const methods = readRouteHandle(route.module.handle).methods ?? ["GET", "HEAD", "POST"];
      for (const method of writesOf(route)) {
        writes += 1;
        const response = await sendWrite(route, method, cookie, later);
        if (api) {
          expect(response.status, `${method} ${path}`).toBe(403);
          expect(await response.json(), `${method} ${path}`).toMatchObject({ endpoint: "/api/account/check" });
        } else {
          expect(response.status, `${method} ${path}`).toBe(302);
          expect(response.headers.get("Location"), path).toMatch(/^\/incoming\/check\?next=/);
        }
      }
      // Reading stays open: the page or the list is there without asking.
      if (methods.includes("GET") && !path.includes(":")) {
        const read = await fetchWorker(`/${path}`, { headers: { Cookie: cookie }, redirect: "manual" }, { at: later });
        expect([200, 302], `GET ${path}`).toContain(read.status);
        expect(read.headers.get("Location") ?? "", `GET ${path}`).not.toMatch(/check/);
      }
    }
    expect(writes).toBeGreaterThanOrEqual(30);
  });

  it("lets the same change through within 2 hours of the sign-in", async () => {
    const at = new Date();
    await createStaffUser("gate-recent", "correct horse battery staple", "owner");
    const cookie = sessionCookie(await apiLogin("gate-recent", "correct horse battery staple", { at }));
    const response = await fetchWorker(
      "/api/account",
      {
        method: "PATCH",
        headers: { Cookie: cookie, Origin: ORIGIN, "Content-Type": "application/json" },
        body: JSON.stringify({ displayName: "Recent" }),
      },
      { at: new Date(at.getTime() + 60 * 60_000) },
    );
    expect(response.status).toBe(200);
  });
});
