// Checks the browser tests make of a whole page as it stands: axe's rules, nothing wider than the
// screen, and screenshots at a phone's and a desktop's width for a person to look at.
import AxeBuilder from "@axe-core/playwright";
import { expect, type Page, test, type ViewportSize } from "@playwright/test";
import { gotoHydrated } from "./fixtures";

/** A phone's and a desktop's window: the sizes the accessibility checks run at. */
export const phoneAndDesktop: readonly ViewportSize[] = [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
];

/** No axe violations, and nothing wider than the screen (`what` names the page in the messages). */
export async function expectAccessible(page: Page, what: string) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map((violation) => `${what}: ${violation.id}`)).toEqual([]);
  const width = page.viewportSize()?.width ?? 0;
  expect(
    await page.evaluate(() => document.documentElement.scrollWidth),
    `${what} scrolls sideways`,
  ).toBeLessThanOrEqual(width);
}

/** Each page in a window of `viewport`, opened and hydrated, passes `expectAccessible`. */
export async function expectPagesAccessible(page: Page, viewport: ViewportSize, paths: readonly string[]) {
  await page.setViewportSize(viewport);
  for (const path of paths) {
    await gotoHydrated(page, path);
    await expectAccessible(page, path);
  }
}

/**
 * The page at 390 and 1280 px: a full-page screenshot of each among the test's output, and no
 * sideways scrolling at either. The window then has the size it had before.
 */
export async function lookAt(page: Page, name: string) {
  const before = page.viewportSize();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: test.info().outputPath(`${name}-${width}.png`), fullPage: true });
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow, `${name} at ${width} px scrolls sideways`).toBeLessThanOrEqual(0);
  }
  if (before) await page.setViewportSize(before);
}
