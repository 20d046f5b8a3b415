import type { Page } from "@playwright/test";
import { executeSql, expect, openPage, test } from "../fixtures";
import { lookAt } from "../page-checks";
import { insertRecord } from "../records";

// Appointments without JavaScript (issue 30): staff book one from a service request's page, the
// customer moves it and cancels it from their link. Each test makes a request of its own, named
// with a word nobody else uses. The pages are also looked at at 390 and 1280 px.

const newTag = () => `Appt${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

/** Capacity every open day: plenty, so parallel tests never fill a day. */
function setCapacity() {
  executeSql(
    `INSERT INTO appointment_settings (id, drop_offs_per_day, waiter_slots, change_cutoff_minutes) VALUES (1, 100, '[{"time":"09:00","places":20},{"time":"14:00","places":20}]', 120) ON CONFLICT (id) DO UPDATE SET drop_offs_per_day = 100, waiter_slots = excluded.waiter_slots`,
  );
}

const seedRequest = (tag: string) =>
  insertRecord("serviceRequest", {
    firstName: "Robin",
    lastName: tag,
    email: `${tag.toLowerCase()}@example.com`,
    phone: "4105550177",
    service: "oil-change",
    message: `Oil change please (${tag}).`,
  });

/** Today in the shop's calendar. */
const shopToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

/**
 * A service request of the test's own, with room to book it, opened on its record by staff (hydrated
 * when JavaScript is on); returns its tag and id.
 */
async function openOwnRequest(
  page: Page,
  logInAsStaff: () => Promise<void>,
  { javaScriptEnabled }: { javaScriptEnabled: boolean },
) {
  setCapacity();
  const tag = newTag();
  const id = seedRequest(tag);
  await logInAsStaff();
  await openPage(page, `/incoming/service-requests/${id}`, javaScriptEnabled);
  return { tag, id };
}

test.describe("appointments without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Two browsers, six screenshots: more than the default 30 s on two busy cores.
  test.describe.configure({ timeout: 120_000 });

  test("staff book from the record; the customer moves and cancels from their link", async ({ page, logInAsStaff }) => {
    const { tag } = await openOwnRequest(page, logInAsStaff, { javaScriptEnabled: false });
    const place = page.getByLabel("Book an appointment");
    const options = await place.locator("option").allTextContents();
    expect(options.length).toBeGreaterThan(2);
    expect(options.every((option) => option.endsWith("free)"))).toBe(true);
    // A day after today: today's places may already be inside the customer's 2-hour cut-off.
    const values = await place
      .locator("option")
      .evaluateAll((all) => all.map((option) => option.getAttribute("value")));
    await place.selectOption(values.find((value) => value !== null && value.slice(0, 10) > shopToday())!);
    await page.getByLabel("Note for the shop (optional)").fill(`Bring the spare key ${tag}`);
    await lookAt(page, "record-before-booking");
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Appointment booked" })).toBeVisible();
    await expect(page.getByText(`Bring the spare key ${tag}`)).toBeVisible();
    await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByText("Status: Contacted", { exact: true })).toBeVisible();
    await lookAt(page, "record-booked");
    const link = await page.getByTestId("customer-link").textContent();
    expect(link).toMatch(/\/appointments\/[A-Za-z0-9_-]{43}$/);

    // The customer, in a browser of their own (no staff session).
    const customer = await page.context().browser()!.newPage({ javaScriptEnabled: false });
    await customer.goto(link!);
    await expect(customer.getByRole("heading", { name: "Your appointment" })).toBeVisible();
    await lookAt(customer, "customer-link");
    const choice = customer.getByLabel("New day and time");
    await choice.selectOption({ index: 2 });
    const chosen = new Date(`${(await choice.inputValue()).slice(0, 10)}T00:00:00Z`).toLocaleDateString("en-US", {
      month: "long",
      day: "numeric",
      timeZone: "UTC",
    });
    await customer.getByRole("button", { name: "Move my appointment" }).click();
    await expect(customer.getByRole("status")).toContainText("Your appointment is moved");
    await expect(customer.getByRole("definition").first()).toContainText(chosen);
    await customer.getByRole("button", { name: "Cancel my appointment" }).click();
    await expect(customer.getByRole("status")).toContainText("Your appointment is cancelled");
    await expect(customer.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(customer.getByRole("button", { name: "Cancel my appointment" })).toHaveCount(0);
    await customer.close();

    // The shop sees the cancellation, and may book again.
    await page.reload();
    await expect(page.getByText("Cancelled", { exact: true })).toBeVisible();
    await expect(page.getByLabel("Book again")).toBeVisible();
  });

  test("the calendar shows the week and the day, and marks an arrival", async ({ page, logInAsStaff }) => {
    const { tag, id } = await openOwnRequest(page, logInAsStaff, { javaScriptEnabled: false });
    const place = page.getByLabel("Book an appointment");
    const date = (await place.locator("option").first().getAttribute("value"))!.slice(0, 10);
    await place.selectOption({ index: 0 });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Appointment booked" })).toBeVisible();

    await page.getByRole("link", { name: "Calendar" }).first().click();
    await expect(page.getByRole("heading", { name: "Calendar", level: 1 })).toBeVisible();
    await page.goto(`/incoming/calendar?date=${date}`);
    await expect(page.getByText(/^Week of /)).toBeVisible();
    await lookAt(page, "calendar-week");
    await page.getByRole("link", { name: "Day view" }).click();
    const entry = page.getByRole("listitem").filter({ hasText: `Robin ${tag}` });
    await expect(entry.getByRole("link", { name: `Robin ${tag}` })).toHaveAttribute(
      "href",
      `/incoming/service-requests/${id}`,
    );
    await lookAt(page, "calendar-day");
    await entry.getByRole("button", { name: "Arrived" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Marked" })).toBeVisible();
    await expect(entry.getByText("Arrived", { exact: true })).toBeVisible();
    await expect(entry.getByRole("button", { name: "Done" })).toBeVisible();
  });

  test("owners set the capacity on Settings", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await page.goto("/incoming/settings");
    await page.getByRole("link", { name: "Appointments and reviews" }).click();
    await expect(page.getByRole("heading", { name: "Appointments", level: 1 })).toBeVisible();
    await lookAt(page, "capacity");
    // Places without a time: refused, and what the owner typed is kept.
    await page.getByLabel("Drop-offs a day").fill("100");
    await page.getByLabel("Slot 8 places").fill("5");
    await page.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByRole("alert")).toContainText("Give each waiter slot a time");
    await expect(page.getByLabel("Slot 8 places")).toHaveValue("5");
    await page.getByLabel("Slot 8 places").fill("");
    await page.getByRole("button", { name: "Save capacity" }).click();
    await expect(page.getByRole("status").filter({ hasText: "100 drop-offs a day" })).toBeVisible();
  });

  test("owners turn the review request on with their review link, and off", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await page.goto("/incoming/settings/capacity");
    const reviews = page.getByRole("form", { name: "Ask for a review after the job" });
    await reviews.getByLabel("Review link").fill("");
    await reviews.getByLabel("Email a review request when an appointment is marked done").check();
    await reviews.getByRole("button", { name: "Save review request" }).click();
    await expect(page.getByRole("alert")).toContainText("Give the review link to turn review requests on.");
    await reviews.getByLabel("Review link").fill("https://g.page/r/e2e-shop/review");
    await reviews.getByLabel("Email a review request when an appointment is marked done").check();
    await reviews.getByRole("button", { name: "Save review request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "A review request goes" })).toBeVisible();
    await expect(reviews.getByLabel("Review link")).toHaveValue("https://g.page/r/e2e-shop/review");
    await reviews.getByLabel("Email a review request when an appointment is marked done").uncheck();
    await reviews.getByRole("button", { name: "Save review request" }).click();
    await expect(page.getByRole("status").filter({ hasText: "No review requests are sent." })).toBeVisible();
  });

  test("a member turns on their calendar feed, subscribes with its address, and turns it off", async ({
    page,
    logInAsStaff,
  }) => {
    await logInAsStaff();
    await page.goto("/incoming/account");
    await lookAt(page, "account");
    const section = page.getByRole("region", { name: "Calendar feed" });
    await section.getByRole("button", { name: /Turn on my calendar feed|Make a new address/ }).click();
    const address = page.getByLabel("Calendar feed address");
    const url = await address.inputValue();
    expect(url).toMatch(/\/appointments\/feed\/[A-Za-z0-9_-]{43}\.ics$/);
    await lookAt(page, "calendar-feed");
    const feed = await page.request.get(url);
    expect(feed.status()).toBe(200);
    expect(feed.headers()["content-type"]).toMatch(/^text\/calendar/);
    expect(await feed.text()).toContain("BEGIN:VCALENDAR");
    await page.getByRole("button", { name: "Turn off the feed" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Calendar feed turned off" })).toBeVisible();
    expect((await page.request.get(url)).status()).toBe(404);
  });
});

test.describe("appointments with JavaScript", () => {
  test("staff book from the record without a page load, and cancel it", async ({ page, logInAsStaff }) => {
    await openOwnRequest(page, logInAsStaff, { javaScriptEnabled: true });
    await page.getByLabel("Book an appointment").selectOption({ index: 1 });
    await page.getByRole("button", { name: "Book appointment" }).click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Appointment booked");
    await expect(page.getByText("Confirmed", { exact: true })).toBeVisible();
    await expect(page.getByTestId("customer-link")).toContainText("/appointments/");
    await page.getByRole("button", { name: "Cancel appointment" }).click();
    await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Appointment cancelled");
    await expect(page.getByLabel("Book again")).toBeVisible();
  });
});
