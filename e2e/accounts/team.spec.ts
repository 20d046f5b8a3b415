import type { Browser, Page } from "@playwright/test";
import { expect, test } from "../fixtures";
import { waitForEmail } from "../mail";

// The team, run from the browser with JavaScript on and off: invitations, disabling a member,
// and "Forgot password?" through the email the local mail emulation writes as an .eml file.

const PASSWORD = "e2e member password, local only";

/** The owner invites someone (with an email address, if given) and reads the link shown once. */
async function invite(page: Page, email?: string): Promise<string> {
  await page.goto("/incoming/team");
  const form = page.locator("#invite");
  await form.getByLabel("Role").selectOption("staff");
  if (email) await form.getByLabel(/^Email/).fill(email);
  await form.getByRole("button", { name: "Create invitation link" }).click();
  const link = page.getByRole("textbox", { name: "Invitation link" });
  await expect(link).toBeVisible();
  return new URL(await link.inputValue()).pathname;
}

/** The invitee, in a browser of their own, follows the link and joins. */
async function joinAs(browser: Browser, javaScriptEnabled: boolean, joinPath: string, username: string) {
  const context = await browser.newContext({ javaScriptEnabled });
  const page = await context.newPage();
  await page.goto(joinPath);
  await expect(page.getByRole("heading", { level: 1, name: "Join the team" })).toBeVisible();
  await page.getByLabel("Username").fill(username);
  await page.getByLabel("Your name (optional)").fill(`Member ${username}`);
  await page.getByLabel(/^Password/).fill(PASSWORD);
  await page.getByRole("button", { name: "Create my account" }).click();
  await expect(page).toHaveURL(/\/incoming$/);
  return { context, page };
}

for (const javaScriptEnabled of [true, false]) {
  const mode = javaScriptEnabled ? "js" : "nojs";
  test.describe(`the team with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("an owner invites someone, who joins through the link and is signed in", async ({
      page,
      browser,
      logInAsStaff,
    }) => {
      await logInAsStaff();
      const joinPath = await invite(page, `joiner-${mode}@example.com`);
      await expect(page.getByText("No invitations are waiting.")).toHaveCount(0);
      // Emailed too, with the same link, built from the site's address.
      await waitForEmail((text) => text.includes(`http://localhost:${process.env.E2E_PORT ?? 8799}${joinPath}`));
      const invitee = await joinAs(browser, javaScriptEnabled, joinPath, `joiner-${mode}`);
      await expect(invitee.page.getByText(`joiner-${mode}`).first()).toBeVisible();
      // The link worked once.
      const again = await invitee.page.goto(joinPath);
      expect(again?.status()).toBe(410);
      await expect(invitee.page.getByRole("heading", { name: "This link no longer works" })).toBeVisible();
      await invitee.context.close();

      await page.goto("/incoming/team");
      await expect(page.getByRole("listitem", { name: `Member joiner-${mode}` })).toContainText("Staff");
    });

    test("an owner disables a member, whose open page then goes to /login", async ({ page, browser, logInAsStaff }) => {
      await logInAsStaff();
      const member = await joinAs(browser, javaScriptEnabled, await invite(page), `disabled-${mode}`);

      await page.goto("/incoming/team");
      const card = page.getByRole("listitem", { name: `Member disabled-${mode}` });
      await card.getByRole("button", { name: "Disable" }).click();
      await expect(page.getByRole("listitem", { name: `Member disabled-${mode}` })).toContainText("Disabled");

      await member.page.getByRole("link", { name: "Inbox" }).first().click();
      await expect(member.page).toHaveURL(/\/login$/);
      await member.context.close();
    });

    test("forgot password: the emailed link sets a new password", async ({ page, browser, logInAsStaff }) => {
      // Two emails go through the queue's consumer, which batches for a second or more on a busy machine.
      test.slow();
      // Unique per run: the emulator's .eml files from earlier runs stay in .wrangler/tmp/email.
      const username = `forgot-${mode}-${Math.random().toString(36).slice(2, 8)}`;
      const address = `${username}@example.com`;
      await logInAsStaff();
      const member = await joinAs(browser, javaScriptEnabled, await invite(page, address), username);
      await member.context.close();

      const context = await browser.newContext({ javaScriptEnabled });
      const visitor = await context.newPage();
      await visitor.goto("/login");
      await visitor.getByRole("link", { name: "Forgot password?" }).click();
      await visitor.getByLabel("Username or email").fill(address);
      await visitor.getByRole("button", { name: "Send me a link" }).click();
      await expect(
        visitor.getByText("If that account has an email address, a link is on its way.").first(),
      ).toBeVisible();

      const email = await waitForEmail((text) => text.includes(`“${username}”`));
      const resetPath = /\/login\/reset\/[0-9a-f-]{36}\.[A-Za-z0-9_-]{43}/.exec(email)?.[0] ?? "";
      expect(resetPath).not.toBe("");
      await visitor.goto(resetPath);
      const newPassword = "a new password after forgetting";
      await visitor.getByLabel("New password").fill(newPassword);
      await visitor.getByRole("button", { name: "Save the new password" }).click();
      await expect(visitor).toHaveURL(/\/login$/);
      await visitor.getByLabel("Username").fill(username);
      await visitor.getByLabel(/^Password/).fill(newPassword);
      await visitor.getByRole("button", { name: "Sign In", exact: true }).click();
      await expect(visitor).toHaveURL(/\/incoming$/);
      await context.close();
    });
  });
}
