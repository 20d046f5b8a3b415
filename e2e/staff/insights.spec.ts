import AxeBuilder from "@axe-core/playwright";
import { executeSql, expect, gotoHydrated, test } from "../fixtures";
import { lookAt } from "../page-checks";

// /incoming/insights with JavaScript and without: the window's figures, the 12 weeks drawn as SVG
// with their table, and the owner's switch that puts the response record on / and /contact.
// The switch is one setting for the whole site: these tests run one after another.
test.describe.configure({ mode: "serial", timeout: 120_000 });

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

test.beforeAll(() => {
  // Twenty requests in the last 30 days, each reached an hour after it came: enough for the line.
  const now = Date.now();
  const rows = Array.from({ length: 20 }, (_, index) => {
    const submitted = now - (index + 2) * DAY;
    return `('e2e-insights-${crypto.randomUUID()}', 'Ina', 'Sights', 'insights@example.com', '(410) 555-0188', 'Measured.', ${submitted}, 'contacted', ${submitted + HOUR})`;
  });
  executeSql(
    `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message, submitted_at, status, first_contact_at) VALUES ${rows.join(", ")}`,
  );
  // /book's views of the last three weeks (decision 066): opened, some started, some booked after 2 to 5 minutes.
  const views = Array.from({ length: 30 }, (_, index) => {
    const opened = now - (index % 3) * 7 * DAY;
    // The Monday of the shop's week (Pikesville is 4-5 hours behind UTC; 5 is close enough here).
    const local = new Date(opened - 5 * HOUR);
    const monday = new Date(local.getTime() - ((local.getUTCDay() + 6) % 7) * DAY).toISOString().slice(0, 10);
    const started = index % 2 === 0 ? opened + 20_000 : null;
    const booked = index % 4 === 0 ? opened + (2 + (index % 3)) * 60_000 : null;
    return `('${crypto.randomUUID()}', '${monday}', ${opened}, 0, ${started}, ${booked})`;
  });
  executeSql(
    `INSERT INTO booking_page_views (id, week, opened_at, prefetched, started_at, booked_at) VALUES ${views.join(", ")}`,
  );
});

const responseLine = /^Last 30 days: \d+% of requests answered within 24 hours$/;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`insights with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("shows the window's figures, the 12 weeks and the other windows", async ({ page, logInAsStaff }) => {
      await logInAsStaff();
      await page.getByRole("navigation", { name: /staff/i }).getByRole("link", { name: "Insights" }).first().click();
      await expect(page).toHaveURL(/\/incoming\/insights$/);
      await expect(page.getByRole("heading", { level: 1, name: "Insights" })).toBeVisible();
      await expect(page.getByRole("heading", { name: /^Last 30 days: \d+ requests, \d+ contacted$/ })).toBeVisible();
      await expect(page.getByText("Answered within 24 hours", { exact: true })).toBeVisible();
      await expect(page.locator("figure svg")).toHaveCount(5);
      const weeks = page.getByRole("table", { name: "Week by week" });
      await expect(weeks.getByRole("row")).toHaveCount(13);
      await expect(page.getByRole("term").filter({ hasText: "Show rate" })).toBeVisible();
      await expect(
        page.getByRole("table", { name: "Appointments and show rate, by week" }).getByRole("row"),
      ).toHaveCount(13);
      const bookingPage = page.getByRole("table", { name: "The booking page, by week" });
      await expect(bookingPage.getByRole("row")).toHaveCount(13);
      await expect(bookingPage.getByRole("columnheader", { name: "Time to book (p75)" })).toBeVisible();
      await lookAt(page, "insights");
      if (javaScriptEnabled) {
        // axe-core runs as a script in the page: with JavaScript on only (the markup is the same).
        const violations = (await new AxeBuilder({ page }).analyze()).violations.map((violation) => violation.id);
        expect(violations, "axe-core on /incoming/insights").toEqual([]);
      }

      await page.getByRole("link", { name: "Last 7 days" }).click();
      await expect(page).toHaveURL(/days=7$/);
      await expect(page.getByRole("link", { name: "Last 7 days" })).toHaveAttribute("aria-current", "page");
      await expect(page.getByRole("heading", { name: /^Last 7 days: / })).toBeVisible();
    });

    test("the owner's switch puts the response record on / and /contact, and takes it off", async ({
      page,
      logInAsStaff,
    }) => {
      await logInAsStaff();
      const open = (path: string) => (javaScriptEnabled ? gotoHydrated(page, path) : page.goto(path));
      await open("/incoming/insights");
      const section = page.getByRole("region", { name: "On the website" });
      const box = section.getByRole("checkbox", { name: "Show our response record on the website" });
      await box.check();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(section.getByText(/^On: the home and contact pages say/)).toBeVisible();
      await expect(box).toBeChecked();

      // Signed in, the public pages are rendered for this request (never from the page cache).
      for (const path of ["/", "/contact"]) {
        await page.goto(path);
        await expect(page.getByText(responseLine)).toBeVisible();
      }

      await open("/incoming/insights");
      await box.uncheck();
      await section.getByRole("button", { name: "Save" }).click();
      await expect(section.getByText("Off: the website shows no figure.")).toBeVisible();
      await page.goto("/");
      await expect(page.getByText(responseLine)).toHaveCount(0);
    });
  });
}
