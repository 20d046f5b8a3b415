// `npm test`: every check, cheapest first, so a mistake fails in the first minute rather than after the
// Worker suite; stops at the first part that fails and prints how long each part took.
// - db:check: the schema, the SQL migrations and drizzle's meta agree (scripts/check-schema.ts).
// - build: the production build, which refuses a server-only module reached from browser code
//   (a route's component using a *.server.ts export): seconds, so it comes before the slower checks.
// - typecheck, lint.
// - test:worker (vitest in workerd), test:e2e (Playwright in Chromium, serving the build made above);
//   Chromium is looked for first (scripts/test-browser.ts).
import { spawnSync } from "node:child_process";
import { missingTestBrowser } from "./test-browser.ts";

const parts = ["db:check", "build", "typecheck", "lint", "test:worker", "test:e2e"];
const times: { part: string; seconds: number; ok: boolean }[] = [];

function summary() {
  console.log("\nnpm test, each part's time:");
  for (const { part, seconds, ok } of times) {
    console.log(`  ${part.padEnd(12)} ${seconds.toFixed(0).padStart(5)} s  ${ok ? "ok" : "FAILED"}`);
  }
  const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`  ${"total".padEnd(12)} ${total.toFixed(0).padStart(5)} s`);
}

// The browser tests come last: a machine without their browser hears so now, not after the build.
const noBrowser = missingTestBrowser();
if (noBrowser) {
  console.error(noBrowser);
  process.exit(1);
}

for (const part of parts) {
  const started = performance.now();
  console.log(`\n> npm run ${part}`);
  // The browser tests serve the build made by the `build` part above instead of building again.
  const env = part === "test:e2e" ? { ...process.env, E2E_BUILD_IS_FRESH: "1" } : process.env;
  const { status } = spawnSync("npm", ["run", "--silent", part], { stdio: "inherit", env });
  const ok = status === 0;
  times.push({ part, seconds: (performance.now() - started) / 1000, ok });
  if (!ok) {
    summary();
    process.exit(status ?? 1);
  }
}
summary();
