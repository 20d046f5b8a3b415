import { expect, test } from "../fixtures";
import { insertRecord } from "../records";

// One customer across requests (issue 29, decision 047): a customer who wrote before, with the phone
// typed another way, is "Returning" in the inbox, and each record's page lists the other request.

const newTag = () => `Cust${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

test("a returning customer's earlier request is listed on the record page and opens from there", async ({
  page,
  logInAsStaff,
}) => {
  const tag = newTag();
  const jordan = { firstName: "Jordan", lastName: tag };
  // A fictional number of its own (the last four digits from the tag), written two ways.
  const digits = String(parseInt(tag.slice(4, 10), 16) % 10_000).padStart(4, "0");
  const day = 86_400_000;
  const earlier = insertRecord("serviceRequest", {
    ...jordan,
    email: `${tag.toLowerCase()}.old@example.com`,
    phone: `(667) 123-${digits}`,
    service: "oil-change",
    message: `Oil change please (${tag}).`,
    submittedAt: Date.now() - 40 * day,
    status: "closed",
  });
  const later = insertRecord("contact", {
    ...jordan,
    email: `${tag.toLowerCase()}@example.com`,
    phone: `+1 667-123-${digits}`,
    message: `The noise is back (${tag}).`,
  });
  await logInAsStaff();

  await page.goto(`/incoming?q=${tag}`);
  const card = page.getByRole("article").filter({ hasText: `The noise is back (${tag}).` });
  await expect(card.getByText(/Returning/).filter({ visible: true })).toHaveCount(1);

  await page.goto(`/incoming/contact-messages/${later}`);
  const sameCustomer = page.getByRole("region", { name: "Same customer" });
  await expect(sameCustomer).toContainText("Closed");
  await expect(sameCustomer).toContainText(`Oil change please (${tag}).`);
  await sameCustomer.getByRole("link", { name: /Service request/ }).click();
  await expect(page).toHaveURL(`/incoming/service-requests/${earlier}`);
  await expect(page.getByRole("heading", { level: 1, name: `Jordan ${tag}` })).toBeVisible();
  // The earlier one lists the later one, and is not itself returning.
  await expect(page.getByRole("region", { name: "Same customer" })).toContainText(`The noise is back (${tag}).`);
  await expect(page.getByText(/Returning/)).toHaveCount(0);
});
