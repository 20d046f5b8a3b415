import type { Page } from "@playwright/test";
import { expect, openPage, test } from "../fixtures";
import { waitForEmail } from "../mail";
import { lookAt } from "../page-checks";
import { brakeRequest, insertRecord } from "../records";

// Estimates without JavaScript (issue 39): staff write one on a service request's record and send
// it; the customer decides from the emailed link on a phone; both pages print on Letter; the
// record's workspace is looked at at 390 and 1280 px.

const lines = [
  { description: "Front brake pads", price: "89.99", severity: "red" },
  { description: "Rear brake fluid flush", price: "49.50", severity: "yellow" },
  { description: "Wiper blades", price: "24.00", severity: "green" },
] as const;

/** The printed page's text: Letter, from the print stylesheet. */
async function printedText(page: Page) {
  await page.emulateMedia({ media: "print" });
  const pdf = await page.pdf({ format: "Letter" });
  expect(pdf.byteLength).toBeGreaterThan(1_000);
  return page.locator("body");
}

test.describe("estimates without JavaScript", () => {
  test.use({ javaScriptEnabled: false });
  test.describe.configure({ timeout: 180_000 });

  test("staff write and send an estimate; the customer approves from the link at 390 px; both print", async ({
    page,
    browser,
    logInAsStaff,
  }) => {
    const tag = `Est${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
    const id = insertRecord("serviceRequest", brakeRequest(tag));
    await logInAsStaff();
    await openPage(page, `/incoming/service-requests/${id}`, false);

    // A refused form comes back as typed, with the message under the field.
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
    await expect(again.getByRole("group").nth(1).getByLabel("Unit price ($)")).toHaveValue("ninety");
    await expect(again.getByText("A unit price is")).toBeVisible();

    for (const [index, line] of lines.entries()) {
      const row = again.getByRole("group").nth(index + 1);
      await row.getByLabel("Description").fill(line.description);
      await row.getByLabel("Unit price ($)").fill(line.price);
      await row.getByLabel("Colour").selectOption(line.severity);
    }
    await again.getByRole("button", { name: "Save the estimate" }).click();
    await expect(page.getByRole("status").filter({ hasText: /Estimate .* saved/ })).toBeVisible();
    await expect(page).toHaveURL(new RegExp(`/incoming/service-requests/${id}#estimate$`));
    await page.getByRole("button", { name: "Send to the customer" }).click();
    await expect(page.getByRole("status").filter({ hasText: "sent to the customer" })).toBeVisible();
    await lookAt(page, "record-with-estimate");

    const email = await waitForEmail((text) => text.includes(`Robin ${tag}`) || text.includes(tag));
    const link = /\/estimates\/[A-Za-z0-9_-]{20,}/.exec(email)?.[0] ?? "";
    expect(link).not.toBe("");

    // The customer, on a phone, without JavaScript: a second tab stays on the undecided page.
    const phone = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const customer = await phone.newPage();
    const stale = await phone.newPage();
    await customer.goto(link);
    await stale.goto(link);
    for (const line of lines) {
      await expect(customer.getByRole("group", { name: line.description })).toBeVisible();
    }
    // The rights stand immediately before the name box.
    const beforeName = await customer.evaluate(() => {
      const label = [...document.querySelectorAll("label")].find((l) => l.textContent?.trim() === "Your full name");
      return label?.parentElement?.previousElementSibling?.textContent ?? "";
    });
    expect(beforeName).toContain("Customer's Rights");
    await lookAt(customer, "customer-estimate");
    await customer.getByRole("group", { name: lines[0].description }).getByLabel("Approve").check();
    await customer.getByRole("group", { name: lines[1].description }).getByLabel("Approve").check();
    await customer.getByRole("group", { name: lines[2].description }).getByLabel("Decline").check();
    await customer.getByLabel("Your full name").fill(`Robin ${tag}`);
    await customer.getByRole("button", { name: "Send my decision" }).click();
    await expect(customer.getByRole("status")).toContainText("Your decision was sent");
    await expect(customer.getByRole("button", { name: "Send my decision" })).toHaveCount(0);

    await stale.getByRole("group", { name: lines[0].description }).getByLabel("Decline").check();
    await stale.getByRole("group", { name: lines[1].description }).getByLabel("Decline").check();
    await stale.getByRole("group", { name: lines[2].description }).getByLabel("Decline").check();
    await stale.getByLabel("Your full name").fill("Someone Else");
    await stale.getByRole("button", { name: "Send my decision" }).click();
    await expect(stale.getByText(/already/i).first()).toBeVisible();

    // Printed: the lines, the rights and the signature; no buttons.
    const printed = await printedText(customer);
    for (const line of lines) await expect(printed).toContainText(line.description);
    await expect(printed).toContainText("Customer's Rights");
    await expect(printed).toContainText(`Robin ${tag}`);
    await expect(customer.getByRole("button").filter({ visible: true })).toHaveCount(0);
    await phone.close();

    await page.reload();
    await expect(page.getByText("partly approved").first()).toBeVisible();
    await lookAt(page, "record-approved");
    const record = await printedText(page);
    for (const line of lines) await expect(record).toContainText(line.description);
    await expect(record).toContainText(`Signed “Robin ${tag}”`);
    await expect(page.getByRole("button").filter({ visible: true })).toHaveCount(0);
    await expect(page.getByRole("navigation").filter({ visible: true })).toHaveCount(0);
  });
});
