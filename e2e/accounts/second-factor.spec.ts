import { executeSql, expect, gotoHydrated, runAdminScript, test, openPage } from "../fixtures";
import { expectAccessible } from "../page-checks";
import { makeSessionsStale, newMember, passwordStep, phoneCode, setUpAuthenticatorApp, shownSecret } from "../members";

// An authenticator app set up on the account page and used to sign in, as a member does it, with
// JavaScript and without. The test is the phone: it reads the secret the page shows and computes
// the codes (RFC 6238) from it.

test.describe.configure({ timeout: 120_000 });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`second factor with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("sets up an authenticator app, then signs in with the password and a code", async ({ page }) => {
      const member = await newMember("e2e-2fa");
      await passwordStep(page, member);
      await expect(page).toHaveURL(/\/incoming$/);

      await openPage(page, "/incoming/account", javaScriptEnabled);
      await page.getByRole("button", { name: "Set up an authenticator app" }).click();
      await expect(page.getByRole("img", { name: "QR code for your authenticator app" })).toBeVisible();
      const secret = await shownSecret(page);
      expect(secret).toMatch(/^[A-Z2-7]{32}$/);

      const first = phoneCode(secret);
      await page.getByLabel("Code", { exact: true }).fill(first.code);
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(page.getByRole("heading", { name: "Save your recovery codes now" })).toBeVisible();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      await expect(page.getByRole("link", { name: "Download" })).toHaveAttribute("download", "recovery-codes.txt");
      await page.getByRole("link", { name: "I have saved them" }).click();
      await expect(page.getByText("10 of 10 recovery codes left")).toBeVisible();

      await page.getByRole("button", { name: "Sign out" }).first().click();
      await expect(page).toHaveURL(/\/login$/);

      await passwordStep(page, member);
      await expect(page).toHaveURL(/\/login\/code$/);
      await expect(page.getByRole("heading", { name: "Enter your code" })).toBeVisible();
      // The half-signed-in browser cannot open the inbox.
      await page.goto("/incoming");
      await expect(page).toHaveURL(/\/login$/);
      await page.goto("/login/code");

      await page.getByLabel("Code", { exact: true }).fill("000000");
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await expect(page.getByRole("alert").filter({ hasText: "That code is not right" })).toBeVisible();

      await page.getByLabel("Code", { exact: true }).fill(phoneCode(secret, first.step).code);
      await page.getByRole("button", { name: "Verify and sign in" }).click();
      await expect(page).toHaveURL(/\/incoming$/);
    });

    test("an export after 2 hours asks for the code, then the download goes on", async ({ page }) => {
      const member = await newMember("e2e-2fa");
      await passwordStep(page, member);
      await openPage(page, "/incoming/account", javaScriptEnabled);
      const { secret, step } = await setUpAuthenticatorApp(page);

      // Three hours pass for this session (its sign-in moved back in the test server's D1).
      makeSessionsStale(member);

      await openPage(page, "/incoming", javaScriptEnabled);
      await page.getByRole("link", { name: "Export CSV" }).click();
      await expect(page).toHaveURL(/\/incoming\/check\?next=/);
      await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
      const downloading = page.waitForEvent("download");
      await page.getByLabel("Code", { exact: true }).fill(phoneCode(secret, step).code);
      await page.getByRole("button", { name: "Confirm" }).click();
      const download = await downloading;
      expect(download.suggestedFilename()).toMatch(/^contact-messages-\d{4}-\d\d-\d\d\.csv$/);
    });
  });
}

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test(`the set-up and the code page have no axe violations at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    const member = await newMember("e2e-2fa");
    await passwordStep(page, member);
    await gotoHydrated(page, "/incoming/account");
    await page.getByRole("button", { name: "Set up an authenticator app" }).click();
    await expect(page.getByTestId("totp-secret")).toBeVisible();
    await expectAccessible(page, "set-up");
    const first = phoneCode(await shownSecret(page));
    await page.getByLabel("Code", { exact: true }).fill(first.code);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page.getByTestId("recovery-codes")).toBeVisible();
    await expectAccessible(page, "recovery codes");

    // Signed out by forgetting the session (on a phone, Sign out sits in the closed menu).
    await page.context().clearCookies({ name: "__Host-session" });
    await passwordStep(page, member);
    await expect(page).toHaveURL(/\/login\/code$/);
    await gotoHydrated(page, "/login/code");
    await expectAccessible(page, "code page");
  });
}

test("admin:2fa-reset removes a locked-out member's second factor, and sign-in is one step again", async ({
  page,
  db,
}) => {
  const member = await newMember("e2e-2fa");
  executeSql(
    `INSERT INTO totp_secrets (user_id, secret, confirmed_at, created_at) SELECT id, 'JBSWY3DPEHPK3PXP', 1, 1 FROM users WHERE username = '${member.username}'`,
  );
  const asked = await page.request.post("/api/login", { data: member });
  expect(await asked.json()).toEqual({ secondFactor: "required" });

  const reset = await runAdminScript("admin:2fa-reset", member.username);
  expect(reset.code, reset.stderr).toBe(0);
  expect(reset.stdout).toContain(`Removed the second factor of "${member.username}"`);
  const entries = db.all<{ action: string }>(
    "select action from audit_log where target = ? and action = 'team.second-factor-reset'",
    member.username,
  );
  expect(entries).toHaveLength(1);
  const signedIn = await page.request.post("/api/login", { data: member });
  expect(await signedIn.json()).toEqual({ success: true });
});
