// What the browser tests share: `test` with its fixtures, the pages they visit, and the command-line
// tools they run against the test server's local state. Every spec imports `test` from here.
import { spawn } from "node:child_process";
import { DatabaseSync, type SQLInputValue } from "node:sqlite";
import { type APIRequestContext, type Cookie, test as base, expect, type Locator, type Page } from "@playwright/test";
import { areaPath, areas } from "../app/content/areas";
import { servicePath, shippedServices as services } from "../app/content/services";
import type { ShopSchedule } from "../app/hours/shop-schedule";
import { e2eStateDir } from "../playwright.config";
import { localD1File } from "../scripts/local-d1.ts";

export { expect };

/** The staff account that global-setup.ts creates for the browser tests (throwaway local state). */
export const staffAccount = { username: "e2e-admin", password: "e2e admin password, local only" } as const;

/** The environment variable in which global-setup.ts hands the staff account's session cookie to the tests. */
export const STAFF_SESSION_ENV = "E2E_STAFF_SESSION";

function staffSessionCookies(): Cookie[] {
  const cookies = process.env[STAFF_SESSION_ENV];
  if (!cookies) throw new Error(`${STAFF_SESSION_ENV} is not set: e2e/global-setup.ts signs the staff account in.`);
  return JSON.parse(cookies) as Cookie[];
}

export type PublicPage = { path: string; h1: string };

/**
 * Every canonical public page, generated from the content modules: a new service or
 * area is visited by every browser test without touching the tests.
 */
export const publicPages: readonly PublicPage[] = [
  { path: "/", h1: "Trusted Auto Repair in Pikesville, Maryland" },
  { path: "/services", h1: "Complete Auto Repair Services" },
  { path: "/about", h1: "About Our Family Shop" },
  { path: "/contact", h1: "Get in Touch With Our Shop" },
  ...services.map((service) => ({ path: servicePath(service), h1: service.name })),
  ...areas.map((area) => ({ path: areaPath(area), h1: `Auto Repair in ${area.name}, MD` })),
];

/** Pages that hold a form and therefore load JavaScript; every other public page ships none. */
export const hydratedPaths: readonly string[] = ["/", "/contact", "/book"];

/** The hydrated pages whose form's code loads when the visitor heads for it (/book's has none: decision 064). */
export const lazyFormPaths: readonly string[] = ["/", "/contact"];

export type TestDatabase = {
  /** Rows of a read-only query against the server's D1. */
  all<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[];
};

/** Console messages in which Chromium reports a Content-Security-Policy violation. */
export type CspViolations = string[];

export const test = base.extend<{
  db: TestDatabase;
  cspViolations: CspViolations;
  /**
   * Opens the inbox signed in as the staff account, with the session global-setup.ts signed in once
   * through the login form: for the tests that are about a staff page, not about signing in (those sign
   * in through the form themselves, members.ts). The session is shared: no test here signs it out.
   */
  logInAsStaff: () => Promise<void>;
}>({
  db: async ({}, use) => {
    const database = new DatabaseSync(localD1File(e2eStateDir), { readOnly: true });
    await use({
      all: <T>(sql: string, ...params: (string | number)[]) => database.prepare(sql).all(...params) as T[],
    });
    database.close();
  },
  // Every test fails if the page broke the CSP: the site must work with the policy enforced.
  // Chromium logs most violations to the console, and reports all of them as DevTools issues
  // (a caught eval probe, for one, only shows up there).
  cspViolations: [
    async ({ page }, use) => {
      const violations: CspViolations = [];
      page.on("console", (message) => {
        if (/Content Security Policy/i.test(message.text())) violations.push(message.text());
      });
      const devtools = await page.context().newCDPSession(page);
      devtools.on("Audits.issueAdded", ({ issue }) => {
        if (issue.code === "ContentSecurityPolicyIssue") violations.push(JSON.stringify(issue.details));
      });
      await devtools.send("Audits.enable");
      await use(violations);
      expect(violations, "Content-Security-Policy violations in the browser").toEqual([]);
    },
    { auto: true },
  ],
  logInAsStaff: async ({ page }, use) => {
    await use(async () => {
      await page.context().addCookies(staffSessionCookies());
      await page.goto("/incoming");
      if (new URL(page.url()).pathname === "/login") {
        throw new Error(
          "The staff session that global-setup.ts signed in has ended: a test signed it out. A test that signs " +
            "out signs in through the form itself (signIn in members.ts; docs/decisions/073-test-lanes-and-shared-staff-session.md).",
        );
      }
      await expect(page).toHaveURL(/\/incoming$/);
    });
  },
});

/** The local D1 file that the test server (wrangler dev) writes to. */

/** An email address no other submission uses, to find a test's own rows. */
export const uniqueEmail = () => `e2e-${crypto.randomUUID()}@example.com`;

/** The page's public form (contact or service request); it has no accessible name to find it by. */
export const visitorForm = (page: Page) => page.locator("form[method=post]");

/** Fills the fields both public forms share, as a visitor types them. */
export async function fillVisitorDetails(form: Locator, email: string) {
  await form.getByLabel("First Name").fill("  Dana ");
  await form.getByLabel("Last Name").fill("Whitfield");
  await form.getByLabel("Email Address").fill(email);
  await form.getByLabel("Phone Number").fill("(410) 555-0188");
}

/**
 * Opens the home page's service request as a visitor would (enhanced first when JavaScript is on) and
 * fills in their details with an email address of the test's own, the service and the message;
 * returns the form and that address.
 */
export async function startServiceRequest(
  page: Page,
  { javaScriptEnabled, service, details }: { javaScriptEnabled: boolean; service: string; details: string },
) {
  const email = uniqueEmail();
  await page.goto("/");
  if (javaScriptEnabled) await waitForEnhancedForm(page);
  const form = visitorForm(page);
  await fillVisitorDetails(form, email);
  await form.getByLabel("Service Needed").selectOption(service);
  await form.getByLabel("Additional Details").fill(details);
  return { form, email };
}

/**
 * Opens a page that loads JavaScript and waits until React has hydrated it: its scripts start
 * only after the first paint, so `goto` alone returns while it is still plain HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
}

/** Opens `path` as the test's browser would use it: hydrated when JavaScript is on, so clicks go through React. */
export async function openPage(page: Page, path: string, javaScriptEnabled: boolean) {
  if (javaScriptEnabled) await gotoHydrated(page, path);
  else await page.goto(path);
}

/** The toast after a change: Radix's region with JavaScript, the page's status line without. */
export async function expectToast(page: Page, javaScriptEnabled: boolean, text: string) {
  if (javaScriptEnabled) await expect(page.getByRole("region", { name: /Notifications/ })).toContainText(text);
  else await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
}

/** Waits until React has hydrated the current page (see gotoHydrated). */
export async function waitForHydration(page: Page) {
  await expect(page.locator("html[data-hydrated]")).toBeAttached();
}

/**
 * Waits until a public form is enhanced: hydrated, with its validation loaded. It hydrates when
 * the visitor heads for it (a scroll, a focus), later than the page: this focuses its first field.
 */
export async function waitForEnhancedForm(page: Page) {
  await visitorForm(page).getByLabel("First Name").focus();
  await expect(visitorForm(page)).toHaveAttribute("data-enhanced", "");
}

/**
 * Holds the page's requests to `url` (of one method, if given) until the returned function is
 * called: the moment between a click and the server's answer, made long enough to look at.
 */
export async function holdRequests(page: Page, url: string, method?: string): Promise<() => void> {
  let release: () => void = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    if (!method || route.request().method() === method) await held;
    await route.continue();
  });
  return () => release();
}

/**
 * Rewrites every form post to `path` before the server reads it: the page's own post without
 * JavaScript, and with JavaScript the request React Router sends to `<path>.data`, URL-encoded both.
 * What the browser's checks stop (a missing choice, another form's id) then reaches the server, and
 * the test sees the server's refusal, as a hand-made post would meet it.
 */
export async function tamperWithFormPosts(page: Page, path: string, change: (fields: URLSearchParams) => void) {
  const posted = (url: URL) => url.pathname === path || url.pathname === `${path}.data`;
  await page.route(posted, async (route) => {
    const request = route.request();
    if (request.method() !== "POST") return route.fallback();
    const type = (await request.headerValue("content-type")) ?? "";
    if (!type.startsWith("application/x-www-form-urlencoded")) throw new Error(`A form post sent as ${type}`);
    const fields = new URLSearchParams(request.postData() ?? "");
    change(fields);
    await route.continue({ postData: fields.toString() });
  });
}

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs a command of this repository (an npm script, wrangler) against the test server's state. */
function runCli(command: string, args: string[], stdin = ""): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(command, args, {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Runs `npm run admin:create`, `admin:password` or `admin:2fa-reset` for one username, typing `stdin` into it. */
export function runAdminScript(
  script: "admin:create" | "admin:password" | "admin:2fa-reset",
  username: string,
  stdin = "",
) {
  return runCli("npm", ["run", "--silent", script, "--", username, "--persist-to", e2eStateDir], stdin);
}

/**
 * Runs SQL (one or more statements) against the test server's D1 file, straight through node:sqlite
 * as `npm run db:seed` fills it: a test's own records, a session moved back in time. A spawned
 * `wrangler d1 execute` took 1.5 s of CPU for each. While the server writes, SQLite waits up to 10 s
 * for its lock (the server in turn retries a busy statement, decision 055). With `params`, one
 * statement whose `?`s they fill. Throws with SQLite's message when a statement fails.
 */
export function executeSql(sql: string, ...params: SQLInputValue[]): void {
  const database = new DatabaseSync(localD1File(e2eStateDir), { timeout: 10_000 });
  try {
    if (params.length > 0) database.prepare(sql).run(...params);
    else database.exec(sql);
  } finally {
    database.close();
  }
}

/** The published shape of GET /api/shop-hours that the browser tests read. */
type ShopHoursJson = {
  weekly: ({ day: string; opens: string; closes: string } | { day: string; closed: true })[];
  closures: { date: string; reason: string }[];
  specialHours: { date: string; opens: string; closes: string; reason: string }[];
};

const clock = (text: string) => ({ hour: Number(text.slice(0, 2)), minute: Number(text.slice(3, 5)) });
const DAY_IDS = ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"];

/**
 * The test server's schedule as its public JSON says it (the owner's settings as they stand), in
 * the shape the booking rules read: the tests pick dates by the same rules as the server.
 */
export async function liveSchedule(request: APIRequestContext): Promise<ShopSchedule> {
  const hours = (await (await request.get("/api/shop-hours")).json()) as ShopHoursJson;
  const weekly = DAY_IDS.map((id) => {
    const day = hours.weekly.find((entry) => entry.day === id);
    return day && !("closed" in day) ? { opens: clock(day.opens), closes: clock(day.closes) } : null;
  }) as unknown as ShopSchedule["weekly"];
  return {
    weekly,
    closures: hours.closures,
    specialHours: hours.specialHours.map((entry) => ({
      ...entry,
      opens: clock(entry.opens),
      closes: clock(entry.closes),
    })),
  };
}
