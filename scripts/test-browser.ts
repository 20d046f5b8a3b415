// The Chromium the browser tests drive (Playwright cannot download browsers here): `CHROMIUM_PATH`,
// else Debian's chromium-headless-shell, else Debian's full chromium (the same engine; the suite is
// slower with it, docs/performance.md). playwright.config.ts launches it; `npm test` checks it is
// there before anything else, so a machine without it hears so in the first second.
import { existsSync } from "node:fs";

export const TEST_BROWSERS = ["/usr/bin/chromium-headless-shell", "/usr/bin/chromium"];
export const INSTALL_TEST_BROWSER = "apt-get install chromium-headless-shell";

/** The browser's path, or undefined when none is installed (or `CHROMIUM_PATH` names a missing file). */
export function findTestBrowser(): string | undefined {
  const candidates = process.env.CHROMIUM_PATH ? [process.env.CHROMIUM_PATH] : TEST_BROWSERS;
  return candidates.find((path) => existsSync(path));
}

/** Why the browser tests cannot run here, naming the fix; undefined when they can. */
export function missingTestBrowser(): string | undefined {
  if (findTestBrowser()) return undefined;
  if (process.env.CHROMIUM_PATH) return `CHROMIUM_PATH is ${process.env.CHROMIUM_PATH}, and there is no file there.`;
  return (
    `The browser tests need Debian's Chromium (${TEST_BROWSERS.join(" or ")}), and neither is installed:\n` +
    `  ${INSTALL_TEST_BROWSER}\n(or set CHROMIUM_PATH to a Chromium binary).`
  );
}
