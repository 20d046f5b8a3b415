import { copyFileSync, mkdirSync } from "node:fs";
import type { Browser, BrowserContext, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { waitForEmail } from "../mail";
import { expectAccessible, lookAt } from "../page-checks";
import { brakeRequest, insertRecord } from "../records";

// Estimates without JavaScript (issue 39): staff write one on a service request's record and send
// it; the customer decides from the link in their email, on a phone; the shop's recipients get the
// decision with the record's link; both pages print on Letter; each page is looked at at 390 and
// 1280 px, on screen and printed. Axe runs on the same pages in a context with JavaScript on (it
// is a script itself): what it checks is the same markup, served the same way.

const lines = [
  { description: "Front brake pads", price: "89.99", severity: "red" },
  { description: "Rear brake fluid flush", price: "49.50", severity: "yellow" },
  { description: "Wiper blades", price: "24.00", severity: "green" },
] as const;

/** Where a person looks at the screenshots after a run (they are among the test's output too). */
const SHOTS = process.env.E2E_SHOTS_DIR ?? "/tmp/estimates-shots";

/** The page at 390 and 1280 px on screen, then printed, copied to SHOTS; left on screen again. */
async function lookAtScreenAndPrint(page: Page, name: string) {
  mkdirSync(SHOTS, { recursive: true });
  for (const media of ["screen", "print"] as const) {
    await page.emulateMedia({ media });
    await lookAt(page, `${name}-${media}`);
    for (const width of [390, 1280]) {
      const file = `${name}-${media}-${width}.png`;
      copyFileSync(test.info().outputPath(file), `${SHOTS}/${file}`);
    }
  }
  await page.emulateMedia({ media: "screen" });
}

/** The page printed on Letter: its body, once Chromium has laid it out for print. */
async function printed(page: Page) {
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "Letter" });
  expect(pdf.byteLength).toBeGreaterThan(1_000);
  return page.locator("body");
}

/**
 * `url` in a new window with JavaScript on, signed in as `from` is: axe's rules at 390 and 1280 px.
 * JavaScript on is said outright: a context the test opens takes the describe's `use` options, and
 * with JavaScript off axe's run waits for timers that never fire.
 */
async function expectAccessibleWithScript(browser: Browser, from: BrowserContext, url: string, what: string) {
  const context = await browser.newContext({ javaScriptEnabled: true, storageState: await from.storageState() });
  const page = await context.newPage();
  await page.goto(url);
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await expectAccessible(page, `${what} at ${width} px`);
  }
  await context.close();
}

test.describe("estimates without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  // Four pages looked at in two media and two widths, and axe at both widths: minutes on a busy machine.
  test.describe.configure({ timeout: 360_000 });

  test("staff write and send an estimate; the customer approves from the emailed link at 390 px; both print", async ({
    page,
    browser,
    baseURL,
    logInAsStaff,
  }) => {
    const tag = `Est${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    const customerAddress = `${tag.toLowerCase()}@example.com`;
    const id = insertRecord("serviceRequest", brakeRequest(tag));
    const recordPath = `/incoming/service-requests/${id}`;
    await logInAsStaff();
    await page.goto(recordPath);

    // A refused form comes back open, as typed, with the message under the field.
    await page.getByText("Write a new estimate").click();
    const form = page.locator("form").filter({ has: page.getByRole("button", { name: "Save the estimate" }) });
    await form.getByLabel("Year").fill("2016");
    await form.getByLabel("Make").fill("Honda");
    await form.getByLabel("Model").fill("Accord");
    const rows = form.getByRole("group", { name: "New line" });
    await rows.nth(0).getByLabel("Description").fill(lines[0].description);
    await rows.nth(0).getByLabel("Unit price ($)").fill("ninety");
    await form.getByRole("button", { name: "Save the estimate" }).click();
    await expect(page.getByRole("alert")).toContainText("The estimate was not saved.");
    const again = page.locator("form").filter({ has: page.getByRole("button", { name: "Save the estimate" }) });
    await expect(again.getByLabel("Make")).toHaveValue("Honda");
    const againRows = again.getByRole("group", { name: "New line" });
    await expect(againRows.nth(0).getByLabel("Unit price ($)")).toHaveValue("ninety");
    await expect(again.getByText("A unit price is")).toBeVisible();

    for (const [index, line] of lines.entries()) {
      const row = againRows.nth(index);
      await row.getByLabel("Description").fill(line.description);
      await row.getByLabel("Kind").selectOption("part");
      await row.getByLabel("Unit price ($)").fill(line.price);
      await row.getByLabel("Colour").selectOption(line.severity);
    }
    await again.getByRole("button", { name: "Save the estimate" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Estimate .* saved/ })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`${recordPath}#estimate$`));
    await page.getByRole("button", { name: "Send to the customer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "sent to the customer" })).toBeVisible();

    // The customer's link, as the customer gets it: from the email to their address.
    const email = await waitForEmail((text) => text.includes("/estimates/"), customerAddress);
    const link = new RegExp(`${baseURL}/estimates/[A-Za-z0-9_-]{20,}`).exec(email)?.[0] ?? "";
    expect(link, "the link in the customer's email").not.toBe("");

    // The customer, on a phone, without JavaScript: a second tab stays on the undecided page.
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const customer = await phone.newPage();
    const stale = await phone.newPage();
    await customer.goto(link);
    await stale.goto(link);
    for (const line of lines) {
      await expect(customer.getByRole("group", { name: line.description })).toBeVisible();
    }
    // Red first.
    await expect(customer.locator("form fieldset legend").first()).toHaveText(lines[0].description);
    // The rights stand immediately before the name box.
    const beforeName = await customer.evaluate(() => {
      const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === "Your full name");
      return label?.parentElement?.previousElementSibling?.textContent ?? "";
    });
    expect(beforeName).toContain("Customer's Rights");
    await lookAtScreenAndPrint(customer, "customer-estimate");
    await expectAccessibleWithScript(browser, phone, link, "the customer's estimate");

    await customer.getByRole("group", { name: lines[0].description }).getByLabel("Approve").check();
    await customer.getByRole("group", { name: lines[1].description }).getByLabel("Approve").check();
    await customer.getByRole("group", { name: lines[2].description }).getByLabel("Decline").check();
    await customer.getByLabel("Your full name").fill(`Robin ${tag}`);
    const decidedAt = Date.now();
    await customer.getByRole("button", { name: "Send my decision" }).click();
    await expect(customer.getByRole("status")).toContainText("Your decision was sent");
    await expect(customer.getByRole("button", { name: "Send my decision" })).toHaveCount(0);

    // The shop is told, with the record's link, within a minute (the queue's consumer sends it).
    const told = await waitForEmail(
      (text) => text.includes(`Robin ${tag}`) && text.includes(`${baseURL}${recordPath}`),
      "staff@shop.localhost",
    );
    expect(told).toContain("partly approved");
    expect(Date.now() - decidedAt).toBeLessThan(60_000);

    await stale.getByRole("group", { name: lines[0].description }).getByLabel("Decline").check();
    await stale.getByRole("group", { name: lines[1].description }).getByLabel("Decline").check();
    await stale.getByRole("group", { name: lines[2].description }).getByLabel("Decline").check();
    await stale.getByLabel("Your full name").fill("Someone Else");
    await stale.getByRole("button", { name: "Send my decision" }).click();
    await expect(stale.getByText(/already/i).first()).toBeVisible();

    // Printed: the lines, the rights and the signature; no buttons.
    await customer.reload();
    await lookAtScreenAndPrint(customer, "customer-decided");
    await expectAccessibleWithScript(browser, phone, link, "the customer's decided estimate");
    const customerPrint = await printed(customer);
    for (const line of lines) await expect(customerPrint).toContainText(line.description);
    await expect(customerPrint).toContainText("Customer's Rights");
    await expect(customerPrint).toContainText(`Robin ${tag}`);
    await expect(customer.getByRole("button").filter({ visible: true })).toHaveCount(0);
    await phone.close();

    // The record: the job's workspace, then its printed estimate and signed authorisation.
    await page.reload();
    await expect(page.getByText("partly approved").first()).toBeVisible();
    await lookAtScreenAndPrint(page, "record-approved");
    await expectAccessibleWithScript(browser, page.context(), `${baseURL}${recordPath}`, "the record");
    const recordPrint = await printed(page);
    for (const line of lines) await expect(recordPrint).toContainText(line.description);
    await expect(recordPrint).toContainText(`Signed “Robin ${tag}”`);
    await expect(page.getByRole("button").filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole("navigation").filter({ visible: true })).toHaveCount(0);
  });
});
