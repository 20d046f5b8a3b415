import { expect, expectToast, gotoHydrated, openPage, test } from "../fixtures";
import { expectAccessible, phoneAndDesktop } from "../page-checks";

// The owners' services page (issue 38): a service added and its price changed with plain form posts,
// its versions and what changed; the pages at a phone's and a desktop's width. The services these
// tests make stay hidden, so the public pages other specs read do not change under them.

const newSlug = () => `svc-${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a service's price and text with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is added hidden, its price and description changed, and the changes listed among its versions", async ({
      page,
      logInAsStaff,
    }) => {
      const slug = newSlug();
      await logInAsStaff();
      await openPage(page, "/incoming/settings", javaScriptEnabled);
      await page
        .getByRole("navigation", { name: "Settings sections" })
        .getByRole("link", { name: "Services and prices" })
        .click();
      await expect(page.getByRole("heading", { level: 1, name: "Services and prices" })).toBeVisible();
      await page.getByRole("link", { name: "Add a service" }).click();

      await page.getByLabel("Address").fill(slug);
      await page.getByLabel("Name", { exact: true }).fill(`Fleet check ${slug}`);
      await page.getByLabel("Short name").fill("Fleet check");
      await page.getByLabel("Description").fill("A check for every car of a company's fleet.");
      await page.getByLabel("About this service").fill("We look over each car and report on all of them.");
      await page.getByLabel("From (dollars)").fill("49.95");
      await page.getByLabel("What it covers").fill("per car");
      await page.getByLabel("Service time").fill("1 hour");
      await page.getByLabel("What's included").fill("Fluids\nTires\nLights");
      await page.getByLabel("Shown on the site").uncheck();
      await page.getByRole("button", { name: "Add the service" }).click();
      await expect(page).toHaveURL(`/incoming/settings/services/${slug}`);
      await expectToast(page, javaScriptEnabled, "is saved (version 1)");

      await expect(page.getByLabel("From (dollars)")).toHaveValue("49.95");
      await page.getByLabel("From (dollars)").fill("54.50");
      await page.getByLabel("Description").fill("A check for every car of a business's fleet, in one visit.");
      await page.getByRole("button", { name: "Save" }).click();
      await expectToast(page, javaScriptEnabled, "is saved (version 2)");
      await expect(page.getByLabel("From (dollars)")).toHaveValue("54.50");
      await expect(page.getByLabel("Description")).toHaveValue(
        "A check for every car of a business's fleet, in one visit.",
      );
      const changes = page.getByRole("table");
      await expect(changes.getByRole("row", { name: /Starting price/ })).toContainText("$49.95, per car");
      await expect(changes.getByRole("row", { name: /Starting price/ })).toContainText("$54.50, per car");
      await expect(changes.getByRole("row", { name: /^Description/ })).toContainText("in one visit.");

      // Hidden: no page on the website.
      const publicPage = await page.request.get(`/services/${slug}`);
      expect(publicPage.status()).toBe(404);
    });
  });
}

test.describe("a refused price without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("keeps what the owner typed and says what to fix", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await page.goto("/incoming/settings/services/diagnostic-services");
    await page.getByLabel("From (dollars)").fill("-20");
    await page.getByRole("button", { name: "Save" }).click();
    await expect(page.getByText("The starting price cannot be negative.")).toBeVisible();
    await expect(page.getByLabel("From (dollars)")).toHaveValue("-20");
  });
});

test.describe("the owners' services pages", () => {
  for (const viewport of phoneAndDesktop) {
    test(`have no axe violations and do not scroll sideways at ${viewport.width} px`, async ({
      page,
      logInAsStaff,
    }) => {
      await page.setViewportSize(viewport);
      await logInAsStaff();
      for (const path of ["/incoming/settings/services", "/incoming/settings/services/oil-change?from=1&to=1"]) {
        await gotoHydrated(page, path);
        await expectAccessible(page, path);
        if (process.env.E2E_SCREENSHOTS) {
          const name = path.split("/").at(-1)!.replace(/\?.*/, "");
          await page.screenshot({
            path: `${process.env.E2E_SCREENSHOTS}/${name}-${viewport.width}.png`,
            fullPage: true,
          });
        }
      }
    });
  }
});
