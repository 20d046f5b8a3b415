import { defineConfig, devices } from "@playwright/test";
import { findTestBrowser, missingTestBrowser } from "./scripts/test-browser.ts";

const port = Number(process.env.E2E_PORT ?? 8799);
// The local runtime's inspector listens on a port of its own: settable too, so two checkouts can run side by side.
const inspectorPort = Number(process.env.E2E_INSPECTOR_PORT ?? port + 1000);
export const e2eStateDir = ".wrangler/e2e-state";
/** Debian's Chromium: the full browser, which the bench's Lighthouse and page-weight runs measure. */
export const chromiumPath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
/**
 * What the browser tests drive (scripts/test-browser.ts): Debian's chromium-headless-shell, the same
 * engine and version without the browser's UI layer, else its full chromium. On two cores the suite took
 * 337 s with the headless shell against 505 s with the full browser, every test passing on both.
 */
const testBrowser = findTestBrowser();
if (!testBrowser) throw new Error(missingTestBrowser());
export const testBrowserPath = testBrowser;
// Root needs --no-sandbox; the networking flags keep Chromium off this machine's closed network.
export const chromiumArgs = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
];

// `npm test` has just built the app (scripts/test.ts sets this for its browser-test part); on its own,
// `npx playwright test` builds first, so it never tests a stale build.
const buildFirst = process.env.E2E_BUILD_IS_FRESH === "1" ? "" : "npm run build && ";

// Browser tests drive Debian's Chromium against the production build served by `wrangler dev`
// with its own throwaway D1/KV state.
export default defineConfig({
  testDir: "e2e",
  // Runs after webServer is up: creates the staff account and seeds D1.
  globalSetup: "./e2e/global-setup.ts",
  fullyParallel: true,
  workers: process.env.CI ? 2 : undefined,
  forbidOnly: !!process.env.CI,
  // Once in CI: the last fresh-clone run (2026-11-28) failed one test that passed in the two runs
  // before it, e2e/staff/customer.spec.ts, whose click on the earlier request's link left the page
  // where it was for 15 s. Not yet explained; a test that fails for a real reason fails both times.
  retries: process.env.CI ? 1 : 0,
  // A sign-in hashes the password with scrypt in the one-threaded local runtime: while the other
  // worker's tests sign in and the admin scripts start wrangler, a redirect can take seconds on
  // two cores. Waiting longer for what a user would see costs nothing when it comes at once.
  expect: { timeout: 15_000 },
  reporter: process.env.CI ? "list" : [["list"]],
  use: {
    baseURL: `http://localhost:${port}`,
    trace: "retain-on-failure",
    launchOptions: {
      executablePath: testBrowserPath,
      args: chromiumArgs,
    },
  },
  projects: [
    { name: "chromium", use: { ...devices["Desktop Chrome"], channel: undefined }, testIgnore: /settings\.spec\.ts$/ },
    // Changes the shop's hours for everyone: runs once every other test has finished.
    {
      name: "settings",
      use: { ...devices["Desktop Chrome"], channel: undefined },
      testMatch: /settings\.spec\.ts$/,
      dependencies: ["chromium"],
    },
  ],
  webServer: {
    command: `${buildFirst}rm -rf ${e2eStateDir} && npm run setup:local && wrangler d1 migrations apply DB --local --config wrangler.toml --persist-to ${e2eStateDir} && wrangler dev --port ${port} --inspector-port ${inspectorPort} --persist-to ${e2eStateDir} --var SITE_URL:http://localhost:${port}`,
    url: `http://localhost:${port}/robots.txt`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: { WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" },
    stdout: "ignore",
    stderr: "pipe",
  },
});
