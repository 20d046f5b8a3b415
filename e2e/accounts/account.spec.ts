import { executeSql, expect, expectToast, openPage, test } from "../fixtures";
import { expectPagesAccessible, phoneAndDesktop } from "../page-checks";
import { newMember, signIn } from "../members";

// A member's own account, with JavaScript and without: signing out another browser, and a
// display name that the inbox's history then shows. Each test makes an account of its own, so
// that signing out "everywhere else" never touches another test's sessions.

// Each test creates its account with the real CLI (wrangler d1 execute): several seconds on its own.
test.describe.configure({ timeout: 120_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`account with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("signs out another browser, whose next page goes to /login", async ({ page, browser }) => {
      const member = await newMember("e2e");
      const elsewhere = await browser.newContext({ javaScriptEnabled });
      const otherPage = await elsewhere.newPage();
      await signIn(otherPage, member);
      await signIn(page, member);

      await openPage(page, "/incoming/account", javaScriptEnabled);
      const sessions = page.getByRole("region", { name: "Where you are signed in" });
      await expect(sessions.getByRole("listitem")).toHaveCount(2);
      await expect(sessions.getByRole("listitem").filter({ hasText: "This browser" })).toHaveCount(1);
      await sessions.getByRole("button", { name: /^Sign out .*, signed in/ }).click();

      await expectToast(page, javaScriptEnabled, "That session was signed out.");
      await expect(sessions.getByRole("listitem")).toHaveCount(1);
      await expect(sessions.getByText("You are signed in nowhere else.")).toBeVisible();

      await otherPage.goto("/incoming");
      await expect(otherPage).toHaveURL(/\/login$/);
      await page.goto("/incoming");
      await expect(page).toHaveURL(/\/incoming$/);
      await elsewhere.close();
    });

    test("changes the display name and sees it in a record's history", async ({ page }) => {
      const member = await newMember("e2e");
      const name = `Dana ${crypto.randomUUID().slice(0, 6)}`;
      const id = crypto.randomUUID();
      executeSql(
        `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message) VALUES ('${id}', 'Hist', 'Ory', 'history@example.com', '(410) 555-0199', 'Who changed my status?')`,
      );
      await signIn(page, member);

      await openPage(page, "/incoming/account", javaScriptEnabled);
      await page.getByLabel("Display name").fill(name);
      await page.getByRole("button", { name: "Save name and email" }).click();
      await expectToast(page, javaScriptEnabled, "Your name and email are saved.");
      await expect(page.getByLabel("Display name")).toHaveValue(name);

      await openPage(page, `/incoming/contact-messages/${id}`, javaScriptEnabled);
      await page.getByRole("button", { name: "Mark contacted: Hist Ory" }).click();
      await expectToast(page, javaScriptEnabled, "Hist Ory: Contacted");
      const history = page.getByRole("list", { name: "Timeline, oldest first" });
      await expect(history.getByRole("listitem").last()).toContainText(`Contacted by ${name}`);
    });
  });
}

test.describe("accessibility", () => {
  for (const viewport of phoneAndDesktop) {
    test(`the account page and the audit log have no axe violations at ${viewport.width} px`, async ({
      page,
      logInAsStaff,
    }) => {
      await logInAsStaff();
      await expectPagesAccessible(page, viewport, ["/incoming/account", "/incoming/audit"]);
    });
  }
});
