import { gzipSync } from "node:zlib";
import type { Page } from "@playwright/test";
import { executeSql, expect, openPage, test, uniqueEmail } from "../fixtures";
import { lookAt } from "../page-checks";

// /book (issue 40): a visitor books a place themselves at phone width, with JavaScript off and on,
// and the page is looked at at 390 and 1280 px. Capacity as the appointments spec sets it (plenty,
// so parallel tests never fill a day), online booking on for every place, no notice.

function openOnlineBooking() {
  executeSql(
    `INSERT INTO appointment_settings (id, drop_offs_per_day, waiter_slots, change_cutoff_minutes, online_enabled, online_share, online_notice_hours, online_horizon_days, online_mode) VALUES (1, 100, '[{"time":"09:00","places":20},{"time":"14:00","places":20}]', 120, 1, 100, 0, 60, 'confirm') ON CONFLICT (id) DO UPDATE SET drop_offs_per_day = 100, waiter_slots = excluded.waiter_slots, online_enabled = 1, online_share = 100, online_notice_hours = 0, online_horizon_days = 60, online_mode = 'confirm'`,
  );
}

async function book(page: Page, javaScriptEnabled: boolean) {
  openOnlineBooking();
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, "/book", javaScriptEnabled);
  await expect(page.getByRole("heading", { level: 1, name: "Book an appointment" })).toBeVisible();
  await lookAt(page, `book-form-js-${javaScriptEnabled ? "on" : "off"}`);
  await page.getByLabel("First name").fill("Robin");
  await page.getByLabel("Last name").fill("Booker");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Phone").fill("(410) 555-0177");
  await page.getByLabel("Service", { exact: true }).selectOption("oil-change");
  await page.getByLabel("Vehicle (optional)").fill("2016 Subaru Outback");
  const place = page.getByLabel("Day and time");
  const first = await place.locator("option:not([disabled])").first().getAttribute("value");
  await place.selectOption(first ?? "");
  await page.getByRole("button", { name: "Book" }).click();
  await expect(page.getByRole("status")).toContainText("You're booked");
  await expect(page.getByRole("status")).toContainText("calendar file");
  await lookAt(page, `book-done-js-${javaScriptEnabled ? "on" : "off"}`);
}

/** Fills a day's drop-offs as if staff had booked them all: the page loaded before still offers it. */
function fillDropOffs(date: string) {
  executeSql(
    `WITH RECURSIVE n(i) AS (SELECT 1 UNION ALL SELECT i + 1 FROM n WHERE i < 100) INSERT INTO appointments (id, service_request_id, date, kind, status, token_salt, token_hash, created_at, updated_at) SELECT lower(hex(randomblob(16))), lower(hex(randomblob(16))), ?, 'drop-off', 'confirmed', 'salt', lower(hex(randomblob(16))), 0, 0 FROM n`,
    date,
  );
}

async function findFull(page: Page, javaScriptEnabled: boolean) {
  openOnlineBooking();
  await page.setViewportSize({ width: 390, height: 844 });
  await openPage(page, "/book", javaScriptEnabled);
  await page.getByLabel("First name").fill("Sam");
  await page.getByLabel("Last name").fill("Waits");
  await page.getByLabel("Email").fill(uniqueEmail());
  await page.getByLabel("Phone").fill("(410) 555-0188");
  await page.getByLabel("Service", { exact: true }).selectOption("oil-change");
  // A day near the horizon (no other test books there), with later days still open.
  const dropOffs = page.getByLabel("Day and time").locator('option[value$="|drop-off|"]');
  const value = (await dropOffs.nth((await dropOffs.count()) - 5).getAttribute("value")) ?? "";
  await page.getByLabel("Day and time").selectOption(value);
  fillDropOffs(value.split("|")[0]!);
  await page.getByRole("button", { name: "Book" }).click();
  const alert = page.getByRole("alert");
  await expect(alert).toContainText("is fully booked online");
  await expect(alert).toContainText("Next days with a place:");
  await expect(page.getByLabel("Email")).not.toHaveValue("");
  await lookAt(page, `book-full-js-${javaScriptEnabled ? "on" : "off"}`);
  await page.getByRole("button", { name: "Tell me if a place frees up that day" }).click();
  await expect(page.getByRole("status")).toContainText("You're on the list");
}

test.describe("/book at 390 px", () => {
  test.describe.configure({ timeout: 120_000 });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });
    test("books a place and says so", async ({ page }) => {
      await book(page, false);
    });

    test("a full day offers the next openings and the waitlist", async ({ page }) => {
      await findFull(page, false);
    });
  });

  test.describe("with JavaScript", () => {
    test("books a place and says so", async ({ page }) => {
      await book(page, true);
    });

    test("a full day offers the next openings and the waitlist", async ({ page }) => {
      await findFull(page, true);
    });

    test("loads at most the form pages' 125 KB of script (gzip)", async ({ page }) => {
      openOnlineBooking();
      const scripts: Promise<number>[] = [];
      page.on("response", (response) => {
        if (response.request().resourceType() === "script") {
          scripts.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
        }
      });
      await openPage(page, "/book", true);
      await page.waitForLoadState("networkidle");
      const total = (await Promise.all(scripts)).reduce((sum, size) => sum + size, 0);
      expect(total).toBeGreaterThan(0);
      expect(total).toBeLessThanOrEqual(125 * 1024);
    });
  });
});
