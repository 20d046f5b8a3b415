import type { Page } from "@playwright/test";
import { expect, gotoHydrated, test, openPage } from "../fixtures";
import { makeSessionsStale, newMember, phoneCode, setUpAuthenticatorApp, signIn } from "../members";
import { addVirtualAuthenticator } from "../virtual-authenticator";

// A stale session (its last check over 2 hours old) cannot make new recovery codes or add a
// passkey until it is checked again, and can right after: with JavaScript and without. The
// session's sign-in is moved back 3 hours in the test server's D1 to make it stale.

test.describe.configure({ timeout: 120_000 });

async function openAccount(page: Page, javaScriptEnabled: boolean) {
  await openPage(page, "/incoming/account", javaScriptEnabled);
}

for (const javaScriptEnabled of [true, false]) {
  test.describe(`the fresh check with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("new recovery codes from a stale session ask for a code first, then are made", async ({ page }) => {
      const member = await newMember("e2e-fc");
      await signIn(page, member);
      await openAccount(page, javaScriptEnabled);
      const { secret, step } = await setUpAuthenticatorApp(page);
      const firstCodes = await page.getByTestId("recovery-codes").innerText();

      makeSessionsStale(member);
      await openAccount(page, javaScriptEnabled);
      await page.getByRole("button", { name: "Make new codes" }).click();
      await expect(page).toHaveURL(/\/incoming\/check\?next=%2Fincoming%2Faccount$/);
      await expect(page.getByRole("heading", { name: "Confirm it is you" })).toBeVisible();
      await expect(page.getByTestId("recovery-codes")).toHaveCount(0);

      await page.getByLabel("Code", { exact: true }).fill(phoneCode(secret, step).code);
      await page.getByRole("button", { name: "Confirm" }).click();
      await expect(page).toHaveURL(/\/incoming\/account$/);
      await page.getByRole("button", { name: "Make new codes" }).click();
      await expect(page.getByRole("heading", { name: "Save your recovery codes now" })).toBeVisible();
      await expect(page.getByTestId("recovery-codes").getByRole("listitem")).toHaveCount(10);
      expect(await page.getByTestId("recovery-codes").innerText()).not.toBe(firstCodes);
    });
  });
}

test("a passkey from a stale session asks for the password first, then is added", async ({ page }) => {
  const member = await newMember("e2e-fc");
  await addVirtualAuthenticator(page);
  await signIn(page, member);
  makeSessionsStale(member);

  await gotoHydrated(page, "/incoming/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name for the new passkey").fill("Front desk PC");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(page).toHaveURL(/\/incoming\/check\?next=%2Fincoming%2Faccount$/);
  await page.getByLabel("Your password").fill(member.password);
  await page.getByRole("button", { name: "Confirm" }).click();
  await expect(page).toHaveURL(/\/incoming\/account$/);
  await gotoHydrated(page, "/incoming/account");
  // Nothing was added before the check.
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Name for the new passkey").fill("Front desk PC");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByText("Passkey added.")).toBeVisible();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Front desk PC" })).toBeVisible();
});

test.describe("a passkey without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("cannot be started from a stale session, and can after the check", async ({ page }) => {
    const member = await newMember("e2e-fc");
    await signIn(page, member);
    makeSessionsStale(member);
    await page.goto("/incoming/account");
    await expect(page.getByText("Adding a passkey needs JavaScript in this browser.")).toBeVisible();
    // The browser's own session, as a script on the page would send it: refused until checked.
    const headers = { Origin: new URL(page.url()).origin, "Content-Type": "application/json" };
    const refused = await page.request.post("/api/account/passkeys/options", { headers, data: {} });
    expect(refused.status()).toBe(403);
    expect(await refused.json()).toMatchObject({ step: "password" });

    await page.goto("/incoming/check?next=/incoming/account");
    await page.getByLabel("Your password").fill(member.password);
    await page.getByRole("button", { name: "Confirm" }).click();
    await expect(page).toHaveURL(/\/incoming\/account$/);
    const allowed = await page.request.post("/api/account/passkeys/options", { headers, data: {} });
    expect(allowed.status()).toBe(200);
    expect(await allowed.json()).toHaveProperty("challenge");
  });
});
