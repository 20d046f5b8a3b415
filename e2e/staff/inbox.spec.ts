import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  executeSql,
  expect,
  expectToast,
  holdRequests,
  openPage,
  staffAccount,
  test,
  type TestDatabase,
} from "../fixtures";
import { expectPagesAccessible, phoneAndDesktop } from "../page-checks";

// Working through the inbox as staff do, with JavaScript and without: statuses, filter, search,
// older pages, a record's page, deleting with confirmation, and the CSV export. Every test makes
// records of its own, named with a word no other test uses, and finds them by searching for it.

type Seed = { firstName?: string; status?: string; minutesAgo?: number; message?: string };

/** Stores contact messages whose last name is `tag`; returns their ids, in the order given. */
function seedContacts(tag: string, rows: Seed[]): string[] {
  const ids = rows.map(() => crypto.randomUUID());
  const values = rows.map((row, index) => {
    const at = Date.now() - (row.minutesAgo ?? index) * 60_000;
    const message = (row.message ?? `Please call me about my brakes (${tag}).`).replaceAll("'", "''");
    const status = row.status ?? "new";
    const reason = status === "spam" ? "'honeypot'" : "NULL";
    return `('${ids[index]}', '${row.firstName ?? "Dana"}', '${tag}', '${tag}@example.com', '(410) 555-0177', '${message}', ${at}, '${status}', ${reason})`;
  });
  executeSql(
    `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message, submitted_at, status, spam_reason) VALUES ${values.join(", ")}`,
  );
  return ids;
}

const newTag = () => `Tag${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

const statusIn = (db: TestDatabase, id: string) =>
  db.all<{ status: string }>("select status from contact_submissions where id = ?", id)[0]?.status;

/** Signs in, then opens `path` (hydrated when JavaScript is on, so clicks go through React). */
async function openAsStaff(page: Page, logInAsStaff: () => Promise<void>, path: string, javaScriptEnabled: boolean) {
  await logInAsStaff();
  await openPage(page, path, javaScriptEnabled);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`inbox with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("changes a status from a card, and the record's page lists the change", async ({ page, db, logInAsStaff }) => {
      const tag = newTag();
      const [id] = seedContacts(tag, [{ firstName: "Morgan" }]);
      await openAsStaff(page, logInAsStaff, `/incoming?q=${tag}`, javaScriptEnabled);
      const card = page.getByRole("article").filter({ hasText: tag });
      await expect(card.getByText("Status: New")).toBeVisible();

      const release = javaScriptEnabled ? await holdRequests(page, "**/incoming/contact-messages/*", "POST") : null;
      await card.getByRole("button", { name: `Mark contacted: Morgan ${tag}` }).click();
      if (release) {
        // No reload: the card says Contacted while the server has not answered yet.
        await expect(card.getByText("Status: Contacted")).toBeVisible();
        expect(statusIn(db, id!)).toBe("new");
        release();
      }
      await expectToast(page, javaScriptEnabled, `Morgan ${tag}: Contacted`);
      await expect(page).toHaveURL(new RegExp(`/incoming\\?q=${tag}$`));
      await expect(card.getByText("Status: Contacted")).toBeVisible();
      await expect.poll(() => statusIn(db, id!)).toBe("contacted");

      await card.getByRole("link", { name: `Morgan ${tag}` }).click();
      // The record's page keeps the list's address for its Back link (the call-back desk, decision 037).
      await expect(page).toHaveURL(new RegExp(`/incoming/contact-messages/${id}\\?back=.*$`));
      await expect(page.getByRole("heading", { level: 1, name: `Morgan ${tag}` })).toBeVisible();
      const history = page.getByRole("list", { name: "Timeline, oldest first" });
      await expect(history.getByRole("listitem").last()).toContainText(`Contacted by ${staffAccount.username}`);

      await page.getByRole("button", { name: `Mark closed: Morgan ${tag}` }).click();
      await expectToast(page, javaScriptEnabled, `Morgan ${tag}: Closed`);
      await expect(page.getByText("Status: Closed")).toBeVisible();
      await expect(history.getByRole("listitem").last()).toContainText(`Closed by ${staffAccount.username}`);
    });

    test("filters by status and searches", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      seedContacts(tag, [
        { firstName: "Nora", status: "new" },
        { firstName: "Cal", status: "closed" },
      ]);
      await openAsStaff(page, logInAsStaff, "/incoming", javaScriptEnabled);
      await page.getByRole("searchbox", { name: "Search" }).fill(tag.toLowerCase());
      await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(new RegExp(`q=${tag.toLowerCase()}`));
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(`Nora ${tag}`);

      await page.getByRole("combobox", { name: "Status" }).selectOption({ label: "Closed" });
      // With JavaScript the choice applies at once; without, the form is sent with the button.
      if (!javaScriptEnabled) await page.getByRole("button", { name: "Search", exact: true }).click();
      await expect(page).toHaveURL(/status=closed/);
      await expect(cards).toHaveCount(1);
      await expect(cards).toContainText(`Cal ${tag}`);
      await expect(page.getByText("1 record matching")).toBeVisible();
    });

    test("pages to older records and back", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      seedContacts(
        tag,
        Array.from({ length: 30 }, (_, index) => ({ firstName: `Person${index + 1}`, minutesAgo: index })),
      );
      await openAsStaff(page, logInAsStaff, `/incoming?q=${tag}`, javaScriptEnabled);
      const cards = page.getByRole("article");
      await expect(cards).toHaveCount(25);
      await expect(cards.first()).toContainText("Person1 ");
      const pages = page.getByRole("navigation", { name: "Pages" });

      await pages.getByRole("link", { name: "Older" }).click();
      await expect(cards).toHaveCount(5);
      await expect(cards.first()).toContainText("Person26 ");
      await expect(cards.last()).toContainText("Person30 ");
      await expect(pages.getByRole("link", { name: "Older" })).toHaveCount(0);

      await pages.getByRole("link", { name: "Newer" }).click();
      await expect(cards).toHaveCount(25);
      await expect(cards.first()).toContainText("Person1 ");
      await expect(pages.getByRole("link", { name: "Newer" })).toHaveCount(0);
    });

    test("deletes a record only after confirming", async ({ page, db, logInAsStaff }) => {
      const tag = newTag();
      const [id] = seedContacts(tag, [{ firstName: "Forget" }]);
      await openAsStaff(page, logInAsStaff, `/incoming/contact-messages/${id}`, javaScriptEnabled);

      if (javaScriptEnabled) {
        await page.getByRole("button", { name: "Delete…" }).click();
        const dialog = page.getByRole("dialog", { name: "Delete this contact message?" });
        await expect(dialog).toBeVisible();
        await dialog.getByRole("button", { name: "Cancel" }).click();
        await expect(dialog).toBeHidden();
        expect(statusIn(db, id!)).toBe("new");
        await page.getByRole("button", { name: "Delete…" }).click();
        await dialog.getByRole("button", { name: "Delete for good" }).click();
      } else {
        // The box must be ticked first: the browser will not send the form without it.
        await page.getByRole("button", { name: "Delete for good" }).click();
        await expect(page).toHaveURL(new RegExp(`/incoming/contact-messages/${id}$`));
        expect(statusIn(db, id!)).toBe("new");
        await page.getByRole("checkbox", { name: "Yes, delete this contact message for good" }).check();
        await page.getByRole("button", { name: "Delete for good" }).click();
      }
      await expect(page).toHaveURL(/\/incoming$/);
      await expectToast(page, javaScriptEnabled, "The contact message and its history were deleted for good.");
      expect(statusIn(db, id!)).toBeUndefined();
      await page.goto(`/incoming/contact-messages/${id}`);
      await expect(page.getByRole("heading", { level: 1, name: "Page Not Found" })).toBeVisible();
    });

    test("exports what the list shows as a CSV file", async ({ page, logInAsStaff }) => {
      const tag = newTag();
      seedContacts(tag, [
        { firstName: "=Formula", status: "new" },
        { firstName: "Plain", status: "contacted" },
        { firstName: "Done", status: "closed" },
      ]);
      await openAsStaff(page, logInAsStaff, `/incoming?q=${tag}`, javaScriptEnabled);
      const downloading = page.waitForEvent("download");
      await page.getByRole("link", { name: "Export CSV" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d\d-\d\d\.csv$/);
      const text = readFileSync(await download.path(), "utf8");
      expect(text.startsWith("\uFEFFID,Received (Eastern Time),Status,First name,")).toBe(true);
      const lines = text.trim().split("\r\n");
      // The open records only, as the list shows them; the formula made text.
      expect(lines).toHaveLength(3);
      expect(lines[1]).toContain(`,New,'=Formula,${tag},`);
      expect(lines[2]).toContain(`,Contacted,Plain,${tag},`);
    });
  });
}

test.describe("with JavaScript", () => {
  test("undoes a change the server refuses, and says why", async ({ page, logInAsStaff }) => {
    const tag = newTag();
    const [id] = seedContacts(tag, [{ firstName: "Gone" }]);
    await openAsStaff(page, logInAsStaff, `/incoming?q=${tag}`, true);
    // Someone else deletes it meanwhile.
    expect((await page.request.delete(`/api/contact-submissions/${id}`)).status()).toBe(204);

    const card = page.getByRole("article").filter({ hasText: tag });
    await card.getByRole("button", { name: `Mark closed: Gone ${tag}` }).click();
    const toast = page.getByRole("region", { name: /Notifications/ });
    await expect(toast).toContainText("Status not changed");
    await expect(toast).toContainText("no longer exists");
    await expect(card.getByText("Status: New")).toBeVisible();
  });
});

test.describe("accessibility", () => {
  for (const viewport of phoneAndDesktop) {
    test(`the inbox, a search and a record's page have no axe violations at ${viewport.width} px`, async ({
      page,
      logInAsStaff,
    }) => {
      // axe walks three full pages: on a busy two-core machine that takes longer than one test's default.
      test.slow();
      const tag = newTag();
      // More than a page, so the pages' links are there too; spam, for its reason on the card.
      const [id] = seedContacts(tag, [
        { status: "spam" },
        ...Array.from({ length: 30 }, (_, index) => ({ status: index % 2 ? "contacted" : "new" })),
      ]);
      await logInAsStaff();
      await expectPagesAccessible(page, viewport, [
        "/incoming",
        `/incoming?q=${tag}&status=all`,
        `/incoming/contact-messages/${id}`,
      ]);
    });
  }
});
