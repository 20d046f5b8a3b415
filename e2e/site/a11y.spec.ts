import AxeBuilder from "@axe-core/playwright";
import type { Locator, Page } from "@playwright/test";
import { areaPath, areas } from "../../app/content/areas";
import { servicePath, shippedServices as services } from "../../app/content/services";
import { expect, publicPages, test } from "../fixtures";

/** axe-core's findings, reduced to what a failing test needs to say. */
async function axeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  return results.violations.map((violation) => ({
    rule: violation.id,
    impact: violation.impact,
    help: violation.help,
    targets: violation.nodes.map((node) => node.target.join(" ")),
  }));
}

const axeRuns = [
  { width: 1280, height: 900, paths: publicPages.map((page) => page.path) },
  {
    width: 390,
    height: 844,
    paths: ["/", "/services", servicePath(services[0]!), "/about", "/contact", areaPath(areas[2]!)],
  },
];

for (const { width, height, paths } of axeRuns) {
  test.describe(`axe-core at ${width} px`, () => {
    test.use({ viewport: { width, height } });
    for (const path of paths) {
      test(`${path} has no accessibility violations`, async ({ page }) => {
        await page.goto(path);
        expect(await axeViolations(page)).toEqual([]);
      });
    }
  });
}

test.describe("no horizontal scrolling", () => {
  for (const width of [360, 1440]) {
    test(`at ${width} px on every public page`, async ({ page }) => {
      await page.setViewportSize({ width, height: 900 });
      const tooWide: string[] = [];
      for (const { path } of publicPages) {
        await page.goto(path);
        const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
        if (scrollWidth > width) tooWide.push(`${path} is ${scrollWidth}px wide`);
      }
      expect(tooWide).toEqual([]);
    });
  }
});

test("keyboard focus is visible, starting with the skip link", async ({ page }) => {
  await page.goto("/services");
  await page.keyboard.press("Tab");
  const skipLink = page.getByRole("link", { name: "Skip to main content" });
  await expect(skipLink).toBeFocused();
  await expect(skipLink).toBeVisible();

  await page.keyboard.press("Tab");
  const focused = page.locator(":focus");
  await expect(focused).toHaveAttribute("href", "/");
  const outline = await focused.evaluate((element) => {
    const style = getComputedStyle(element);
    return { style: style.outlineStyle, width: Number.parseFloat(style.outlineWidth) };
  });
  expect(outline.style).not.toBe("none");
  expect(outline.width).toBeGreaterThanOrEqual(2);
});

async function tabTo(page: Page, target: Locator) {
  for (let presses = 0; presses < 40; presses++) {
    await page.keyboard.press("Tab");
    if (await target.evaluate((element) => element === document.activeElement)) return;
  }
  throw new Error("the element never received keyboard focus");
}

// Polled: links and buttons transition their colours, the outline's included.
const outlineColor = (target: Locator) => target.evaluate((element) => getComputedStyle(element).outlineColor);

test("focus rings are white on the dark hero and blue on the white panel inside it", async ({ page }) => {
  await page.goto("/");
  const hero = page.getByRole("region", { name: "Trusted Auto Repair in Pikesville, Maryland" });
  const call = hero.getByRole("link", { name: /^Call / });
  await tabTo(page, call);
  await expect.poll(() => outlineColor(call)).toBe("rgb(255, 255, 255)");

  const panelLink = hero.getByRole("link", { name: "Request service online" });
  await tabTo(page, panelLink);
  await expect.poll(() => outlineColor(panelLink)).toMatch(/^oklch\(0\.546 /);
});

test("decorative icons are hidden from assistive technology and the page's images have alt text", async ({ page }) => {
  for (const path of ["/", "/services", "/about"]) {
    await page.goto(path);
    await expect(page.locator('svg:not([aria-hidden="true"])')).toHaveCount(0);
    await expect(page.locator("img:not([alt])")).toHaveCount(0);
  }
});
