import { executeSql, expect, gotoHydrated, openPage, tamperWithFormPosts, test } from "../fixtures";

// The call-back desk as the front desk uses it, with JavaScript and without (issue 21): log a call
// and see the status change, set a call-back and find it under Due, give a record to a colleague and
// find it under their name; the dense list at 1280 px and the cards at 390 px; "Back" keeps the
// list's place. Each test makes records of its own, named with a word nobody else uses.

const newTag = () => `Desk${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

function seedContacts(tag: string, count = 1, phone = "4105550177"): string[] {
  const ids = Array.from({ length: count }, () => crypto.randomUUID());
  const values = ids.map(
    (id, index) =>
      `('${id}', 'Robin${index}', '${tag}', '${tag.toLowerCase()}@example.com', '${phone}', 'Brakes squeal (${tag}).', ${Date.now() - index * 60_000}, 'new')`,
  );
  executeSql(
    `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message, submitted_at, status) VALUES ${values.join(", ")}`,
  );
  return ids;
}

/** A colleague records can be given to (no password: the desk only needs the name). */
function seedColleague(tag: string): { username: string; name: string } {
  const username = `colleague-${tag.toLowerCase()}`;
  const name = `Casey ${tag}`;
  executeSql(
    `INSERT INTO users (id, username, password, role, display_name) VALUES ('${crypto.randomUUID()}', '${username}', '!', 'staff', '${name}')`,
  );
  return { username, name };
}

/** Today in the shop's calendar, as a date input wants it. */
const shopToday = () => new Intl.DateTimeFormat("en-CA", { timeZone: "America/New_York" }).format(new Date());

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the call-back desk with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("logs a call that reached them, and the record becomes contacted", async ({ page, db, logInAsStaff }) => {
      const tag = newTag();
      const [id] = seedContacts(tag);
      await logInAsStaff();
      await openPage(page, `/incoming/contact-messages/${id}`, javaScriptEnabled);
      await expect(page.getByText("Status: New", { exact: true })).toBeVisible();
      const form = page.getByRole("form", { name: "Log a call" });
      await form.getByRole("radio", { name: "Reached them" }).check();
      await form.getByLabel("Note (optional)").fill(`Booked for Tuesday ${tag}`);
      await form.getByRole("button", { name: "Log the call" }).click();
      const history = page.getByRole("list", { name: "Timeline, oldest first" });
      await expect(history).toContainText("Call: Reached them");
      await expect(history).toContainText(`Booked for Tuesday ${tag}`);
      await expect(history.getByRole("listitem").filter({ hasText: "Contacted by" })).toHaveCount(1);
      await expect(page.getByText("Status: Contacted", { exact: true })).toBeVisible();
      const [row] = db.all<{ status: string; first_contact_at: number | null }>(
        "select status, first_contact_at from contact_submissions where id = ?",
        id!,
      );
      expect(row?.status).toBe("contacted");
      expect(row?.first_contact_at).toEqual(expect.any(Number));
    });

    test("refuses a call without its outcome and keeps the note", async ({ page, logInAsStaff }) => {
      const [id] = seedContacts(newTag());
      await logInAsStaff();
      await openPage(page, `/incoming/contact-messages/${id}`, javaScriptEnabled);
      const form = page.getByRole("form", { name: "Log a call" });
      await form.getByRole("radio", { name: "Reached them" }).check();
      await form.getByLabel("Note (optional)").fill("Kept when refused");
      // The browser would ask for the outcome first; the server's answer is what is tested here.
      await tamperWithFormPosts(page, `/incoming/contact-messages/${id}`, (fields) => fields.delete("outcome"));
      await form.getByRole("button", { name: "Log the call" }).click();
      const again = page.getByRole("form", { name: "Log a call" });
      await expect(again.getByRole("alert")).toHaveText("Choose how the call went.");
      await expect(again.getByLabel("Note (optional)")).toHaveValue("Kept when refused");
    });

    test("sets a call-back and finds the record under Due", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      const [id] = seedContacts(tag);
      await logInAsStaff();
      await openPage(page, `/incoming/contact-messages/${id}`, javaScriptEnabled);
      const form = page.getByRole("form", { name: "Call back by" });
      await form.getByLabel("Day").fill(shopToday());
      await form.getByLabel("Time").fill("00:05");
      await form.getByRole("button", { name: "Save call-back" }).click();
      await expect(page.getByText(/call by/).first()).toBeVisible();

      await openPage(page, `/incoming?q=${tag}`, javaScriptEnabled);
      await page.getByRole("checkbox", { name: "Due: call back today" }).check();
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/due=1/);
      await expect(page.getByRole("article").filter({ hasText: `Robin0 ${tag}` })).toBeVisible();
      await expect(page.getByText(/1 record matching/)).toBeVisible();
    });

    test("gives a record to a colleague and finds it under their name", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      const colleague = seedColleague(tag);
      const [id] = seedContacts(tag, 2);
      await logInAsStaff();
      await openPage(page, `/incoming/contact-messages/${id}`, javaScriptEnabled);
      const form = page.getByRole("form", { name: "Assigned to" });
      await form.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: colleague.name });
      await form.getByRole("button", { name: "Save" }).click();
      await expect(page.getByText(`${colleague.name}`).first()).toBeVisible();

      await openPage(page, `/incoming?q=${tag}`, javaScriptEnabled);
      await expect(page.getByRole("article")).toHaveCount(2);
      await page.getByRole("combobox", { name: "Assigned to" }).selectOption({ label: colleague.name });
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`assignee=${colleague.username}`));
      await expect(page.getByRole("article")).toHaveCount(1);
      await expect(page.getByRole("article").first()).toContainText(colleague.name);
    });

    test("goes back from a record to the list's filter and search", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      seedContacts(tag, 3);
      await logInAsStaff();
      const list = `/incoming?status=all&q=${tag}`;
      await openPage(page, list, javaScriptEnabled);
      await page.getByRole("link", { name: `Robin1 ${tag}` }).click();
      await expect(page.getByRole("heading", { level: 1, name: `Robin1 ${tag}` })).toBeVisible();
      await page.getByRole("link", { name: /Back to Contact Messages/ }).click();
      await expect(page).toHaveURL(list);
      await expect(page.getByRole("combobox", { name: "Status" })).toHaveValue("all");
      await expect(page.getByRole("searchbox", { name: "Search" })).toHaveValue(tag);
    });
  });
}

test("shows a dense list at 1280 px (15 rows or more without scrolling) and cards at 390 px", async ({
  page,
  logInAsStaff,
}) => {
  const tag = newTag();
  seedContacts(tag, 20, "4435550120");
  await page.setViewportSize({ width: 1280, height: 900 });
  await logInAsStaff();
  await gotoHydrated(page, `/incoming?q=${tag}`);
  const rows = page.getByRole("article");
  await expect(rows).toHaveCount(20);
  const inView = await rows.evaluateAll(
    (elements) => elements.filter((element) => element.getBoundingClientRect().bottom <= window.innerHeight).length,
  );
  expect(inView).toBeGreaterThanOrEqual(15);
  const first = rows.first();
  await expect(first.getByRole("link", { name: "(443) 555-0120" })).toHaveAttribute("href", "tel:4435550120");
  await expect(first).toContainText(/\d+ min ago|just now/);
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1280);

  // Tab from the search walks the rows' links in order: each row's name first.
  const names = await rows.evaluateAll((elements) =>
    elements.map((element) => element.querySelector("a")?.textContent ?? ""),
  );
  expect(names.slice(0, 3)).toEqual([`Robin0 ${tag}`, `Robin1 ${tag}`, `Robin2 ${tag}`]);

  await page.setViewportSize({ width: 390, height: 844 });
  const cards = page.getByRole("article");
  await expect(cards).toHaveCount(20);
  expect((await cards.first().boundingBox())!.height).toBeGreaterThan(150);
  await expect(cards.first().getByRole("link", { name: "(443) 555-0120" })).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
