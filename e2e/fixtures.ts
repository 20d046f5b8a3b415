import { readdirSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { test as base, expect, type Page } from "@playwright/test";
import { e2eStateDir } from "../playwright.config";
import { staffAccount } from "./staff-cli";

/** The local D1 file that the test server (wrangler dev) writes to. */
function d1File(): string {
  const dir = path.join(e2eStateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error(`No D1 database in ${dir}: did the test server apply migrations?`);
  return path.join(dir, file);
}

export type TestDatabase = {
  /** Rows of a read-only query against the server's D1. */
  all<T = Record<string, unknown>>(sql: string, ...params: (string | number)[]): T[];
};

/** Console messages in which Chromium reports a Content-Security-Policy violation. */
export type CspViolations = string[];

export const test = base.extend<{ db: TestDatabase; cspViolations: CspViolations }>({
  db: async ({}, use) => {
    const database = new DatabaseSync(d1File(), { readOnly: true });
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
});

export { expect, staffAccount };

/**
 * Opens a page that loads JavaScript and waits until React has hydrated it: its scripts start
 * only after the first paint, so `goto` alone returns while it is still plain HTML.
 */
export async function gotoHydrated(page: Page, path: string) {
  await page.goto(path);
  await waitForHydration(page);
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
  await page.locator("form[method=post]").getByLabel("First Name").focus();
  await expect(page.locator("form[method=post][data-enhanced]")).toBeAttached();
}

/** Signs in through the login form, as staff would. */
export async function logInAsStaff(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(staffAccount.username);
  await page.getByLabel(/^Password/).fill(staffAccount.password);
  await page.getByRole("button", { name: "Sign In" }).click();
  await expect(page).toHaveURL(/\/incoming$/);
}
