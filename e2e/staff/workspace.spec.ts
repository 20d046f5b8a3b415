import type { Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { insertRecord } from "../records";

// The record's page as the job's workspace (issue 39, item 8): at a desktop's width the timeline and
// the reply form in the main column, the customer, the appointment and the desk beside them, all in
// the first screen even for a customer with 23 other requests (the latest 3 shown, the rest a click
// away, without JavaScript too); at a phone's width one column; printed, a Letter page without the
// forms (docs/decisions/072-printing-on-letter.md).

const newTag = () => `Work${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;
const day = 86_400_000;

/** A service request from a regular customer who sent 23 others before (one a day), named by `tag`. */
function regularCustomersRequest(tag: string) {
  const customer = {
    firstName: "Dana",
    lastName: tag,
    email: `${tag.toLowerCase()}@example.com`,
    // A fictional number of its own, from the tag.
    phone: `(443) 555-${String(parseInt(tag.slice(4, 10), 16) % 10_000).padStart(4, "0")}`,
  };
  for (let index = 1; index <= 23; index++) {
    insertRecord("serviceRequest", {
      ...customer,
      service: "oil-change",
      message: `Visit ${index} (${tag}).`,
      submittedAt: Date.now() - index * day,
      status: "closed",
    });
  }
  const id = insertRecord("serviceRequest", {
    ...customer,
    service: "brake-service",
    message: `Grinding brakes again (${tag}).`,
  });
  return { id, email: customer.email };
}

const boxOf = async (page: Page, name: string) => {
  const box = await page.getByRole("heading", { level: 2, name, exact: true }).boundingBox();
  if (!box) throw new Error(`No heading ${name}`);
  return box;
};

test.describe("at 1280 px without JavaScript", () => {
  test.use({ javaScriptEnabled: false, viewport: { width: 1280, height: 800 } });

  test("shows the reply form, the appointment and the desk in the first screen, beside the timeline", async ({
    page,
    logInAsStaff,
  }) => {
    const tag = newTag();
    const { id, email } = regularCustomersRequest(tag);
    await logInAsStaff();
    await page.goto(`/incoming/service-requests/${id}`);

    await expect(page.getByRole("textbox", { name: "Your reply" })).toBeInViewport();
    await expect(page.getByRole("heading", { level: 2, name: "Appointment" })).toBeInViewport();
    // The desk starts in it too, even under an appointment's booking form (once an owner set the capacity).
    await expect(page.getByRole("heading", { level: 2, name: "Call-back desk" })).toBeInViewport();
    // Two columns: the desk to the right of the timeline.
    const timeline = await boxOf(page, "Timeline");
    const desk = await boxOf(page, "Call-back desk");
    expect(desk.x).toBeGreaterThan(timeline.x + 400);
    // Far shorter than the one column of 4,600 px it was.
    expect(await page.evaluate(() => document.documentElement.scrollHeight)).toBeLessThan(3_000);

    // The latest 3 of their other requests; the 17 others of the 20 read open under "Show".
    const sameCustomer = page.getByRole("region", { name: "Same customer" });
    const requestLinks = sameCustomer.getByRole("link", { name: /^Service request of/ });
    await expect(requestLinks.filter({ visible: true })).toHaveCount(3);
    await expect(sameCustomer.getByText("Show", { exact: true })).toBeVisible();
    await sameCustomer.getByText("17 earlier requests").click();
    await expect(requestLinks.filter({ visible: true })).toHaveCount(20);
    // All 23 (and today's) are in the inbox's search by their email.
    await sameCustomer.getByRole("link", { name: "service requests" }).click();
    await expect(page).toHaveURL(`/incoming?tab=service-requests&status=all&q=${encodeURIComponent(email)}`);
    await expect(page.getByRole("article").filter({ hasText: `Visit 23 (${tag}).` })).toHaveCount(1);
  });
});

test.describe("at 390 px", () => {
  test.use({ viewport: { width: 390, height: 844 } });

  test("is one column: the fields, the timeline, the reply form, then the appointment and the desk", async ({
    page,
    logInAsStaff,
  }) => {
    const { id } = regularCustomersRequest(newTag());
    await logInAsStaff();
    await page.goto(`/incoming/service-requests/${id}`);

    const headings = await Promise.all(
      ["Timeline", "Reply by email", "Appointment", "Call-back desk", "Same customer"].map((name) => boxOf(page, name)),
    );
    const fields = await page.getByRole("region", { name: "Customer", exact: true }).boundingBox();
    const tops = [fields!.y, ...headings.map((box) => box.y)];
    expect(tops).toEqual([...tops].sort((a, b) => a - b));
    // One left edge: nothing beside anything.
    expect(new Set(headings.map((box) => box.x)).size).toBe(1);
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});

test("prints on Letter with the fields, the timeline and the appointment, without the menus and forms", async ({
  page,
  logInAsStaff,
}) => {
  const tag = newTag();
  const { id } = regularCustomersRequest(tag);
  await logInAsStaff();
  await page.goto(`/incoming/service-requests/${id}`);
  await page.emulateMedia({ media: "print" });

  await expect(page.getByRole("heading", { level: 1, name: `Dana ${tag}` })).toBeVisible();
  await expect(page.getByRole("list", { name: "Timeline, oldest first" })).toContainText(`Grinding brakes again`);
  await expect(page.getByRole("heading", { level: 2, name: "Appointment" })).toBeVisible();
  for (const gone of [
    page.getByRole("navigation", { name: "Staff" }),
    page.getByRole("textbox", { name: "Your reply" }),
    page.getByRole("button", { name: "Mark contacted" }),
    page.getByRole("form", { name: "Log a call" }),
    page.getByRole("region", { name: "Same customer" }),
    page.getByRole("link", { name: /Back to/ }),
  ]) {
    await expect(gone).toBeHidden();
  }
  // US Letter: 8.5 × 11 in is 612 × 792 points.
  const pdf = (await page.pdf({ preferCSSPageSize: true })).toString("latin1");
  const sheets = [...pdf.matchAll(/\/MediaBox\s*\[([^\]]*)\]/g)].map((box) => box[1]!.trim());
  expect(sheets.length).toBeGreaterThan(0);
  expect(new Set(sheets)).toEqual(new Set(["0 0 612 792"]));
});
