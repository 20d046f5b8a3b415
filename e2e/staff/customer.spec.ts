import { executeSql, expect, test } from "../fixtures";

// One customer across requests (issue 29, decision 047): a customer who wrote before, with the phone
// typed another way, is "Returning" in the inbox, and each record's page lists the other request.

const newTag = () => `Cust${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

test("a returning customer's earlier request is listed on the record page and opens from there", async ({
  page,
  logInAsStaff,
}) => {
  const tag = newTag();
  const earlier = crypto.randomUUID();
  const later = crypto.randomUUID();
  // A fictional number of its own (the last four digits from the tag), written two ways.
  const digits = String(parseInt(tag.slice(4, 10), 16) % 10_000).padStart(4, "0");
  const day = 86_400_000;
  executeSql(
    `INSERT INTO service_requests (id, first_name, last_name, email, phone, service, message, submitted_at, status) VALUES ('${earlier}', 'Jordan', '${tag}', '${tag.toLowerCase()}.old@example.com', '(667) 123-${digits}', 'oil-change', 'Oil change please (${tag}).', ${Date.now() - 40 * day}, 'closed')`,
  );
  executeSql(
    `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message, submitted_at, status) VALUES ('${later}', 'Jordan', '${tag}', '${tag.toLowerCase()}@example.com', '+1 667-123-${digits}', 'The noise is back (${tag}).', ${Date.now()}, 'new')`,
  );
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
