import { bookingWindow } from "../../app/hours/booking-window";
import { calendarDateFormat } from "../../app/hours/shop-calendar";
import { expect, liveSchedule, startServiceRequest, test, visitorForm, waitForEnhancedForm } from "../fixtures";

// The owner closes the shop for a day from a phone, without JavaScript, and the public site
// follows: the service request refuses the day (on the server, and in the browser once the page
// has the new schedule), the notice tops the home page, the JSON-LD lists the closure. Public
// pages may come from the page cache for up to a minute after a change, so what a visitor sees
// is polled for that long. This file runs after every other (playwright.config.ts): the closure
// it adds would move the other tests' first bookable day.

const phone = { width: 390, height: 844 };
const spelled = calendarDateFormat({ month: "long", day: "numeric" });
const WITHIN_A_MINUTE = { timeout: 75_000, intervals: [2_000, 5_000] };

test.describe.configure({ mode: "serial" });

test.describe("an owner closes the shop for the next open day", () => {
  let closedDay = "";
  const reason = "Closed for snow";
  const notice = "Closed for snow on the next open day. For towing, call a local service.";

  test.use({ javaScriptEnabled: false, viewport: phone });

  test("adds the closure and a notice on a phone without JavaScript", async ({ page, request, logInAsStaff }) => {
    closedDay = bookingWindow(await liveSchedule(request), new Date()).first;
    await logInAsStaff();
    // On a phone the staff navigation folds into a menu that opens without JavaScript.
    await page.getByText("Menu", { exact: true }).click();
    await page.getByRole("navigation", { name: "Staff" }).getByRole("link", { name: "Settings" }).click();
    await expect(page.getByRole("heading", { level: 1, name: "Settings" })).toBeVisible();

    const closures = page.locator("#closures");
    await closures.getByLabel("Date").fill(closedDay);
    await closures.getByLabel("Reason visitors read").fill(reason);
    await closures.getByRole("button", { name: "Add closure day" }).click();
    await expect(page).toHaveURL(/\/incoming\/settings#closures$/);
    await expect(page.getByRole("status")).toContainText(`${reason}.`);
    await expect(closures.getByRole("listitem").filter({ hasText: reason })).toContainText(spelled(closedDay));

    const noticeForm = page.locator("#notice");
    await noticeForm.getByLabel("Notice").fill(notice);
    await noticeForm.getByRole("button", { name: "Save notice" }).click();
    await expect(page.locator("#notice")).toContainText("Showing now on top of every page.");
  });

  test("the service request refuses that day with its reason", async ({ page }) => {
    const { form } = await startServiceRequest(page, {
      javaScriptEnabled: false,
      service: "oil-change",
      details: "Oil change, please.",
    });
    await form.getByLabel("Preferred date").fill(closedDay);
    await form.getByRole("button", { name: "Submit Service Request" }).click();
    await expect(form).toContainText(`We're closed on ${spelled(closedDay)} (${reason}). Please choose another day.`);
    await expect(form.getByLabel("Preferred date")).toHaveValue(closedDay);
  });

  test("the home page shows the notice, and its JSON-LD lists the closure", async ({ page }) => {
    await expect(async () => {
      await page.goto("/");
      await expect(page.getByRole("complementary", { name: "Notice from the shop" })).toHaveText(notice);
      const jsonLd = JSON.parse((await page.locator('script[type="application/ld+json"]').textContent()) ?? "{}") as {
        specialOpeningHoursSpecification?: { name: string; validFrom: string }[];
      };
      expect(jsonLd.specialOpeningHoursSpecification).toContainEqual(
        expect.objectContaining({ name: reason, validFrom: closedDay, opens: "00:00", closes: "00:00" }),
      );
    }).toPass(WITHIN_A_MINUTE);
  });

  test.describe("with JavaScript", () => {
    test.use({ javaScriptEnabled: true });

    test("the form refuses the day in the browser, before sending", async ({ page }) => {
      await expect(async () => {
        await page.goto("/");
        await waitForEnhancedForm(page);
        const date = visitorForm(page).getByLabel("Preferred date");
        await date.fill(closedDay);
        await date.blur();
        await expect(visitorForm(page)).toContainText(`We're closed on ${spelled(closedDay)} (${reason}).`, {
          timeout: 2_000,
        });
      }).toPass(WITHIN_A_MINUTE);
    });
  });

  test("the owner removes the closure and the notice again", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await page.goto("/incoming/settings");
    await page
      .locator("#closures")
      .getByRole("button", { name: new RegExp(`Remove the closure on .*${spelled(closedDay)}`) })
      .click();
    await expect(page.getByRole("status")).toContainText("is no longer a closure day");
    await page.locator("#notice").getByRole("button", { name: "Remove notice" }).click();
    await expect(page.getByRole("status")).toContainText("The notice is removed.");
  });
});
