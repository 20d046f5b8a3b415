import { expect, gotoHydrated, runAdminScript, test } from "../fixtures";

// A passkey added on the account page, used to sign in, and removed, with Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain) standing in for a fingerprint reader.

test.describe.configure({ timeout: 120_000 });

test("adds a passkey, signs in with it, and removes it", async ({ page }) => {
  const username = `e2e-pk-${crypto.randomUUID().slice(0, 8)}`;
  const password = `${username} password, local only`;
  const created = await runAdminScript("admin:create", username, `${password}\n`);
  expect(created.code, created.stderr).toBe(0);

  const devtools = await page.context().newCDPSession(page);
  await devtools.send("WebAuthn.enable");
  await devtools.send("WebAuthn.addVirtualAuthenticator", {
    options: {
      protocol: "ctap2",
      transport: "internal",
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });

  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/incoming$/);

  await gotoHydrated(page, "/incoming/account");
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
  await passkeys.getByLabel("Name for the new passkey").fill("Front desk PC");
  await passkeys.getByRole("button", { name: "Add a passkey" }).click();
  await expect(passkeys.getByText("Passkey added.")).toBeVisible();
  await expect(passkeys.getByRole("listitem").filter({ hasText: "Front desk PC" })).toContainText("never used");

  await page.getByRole("button", { name: "Sign out" }).first().click();
  await expect(page).toHaveURL(/\/login$/);
  await gotoHydrated(page, "/login");
  await page.getByRole("button", { name: "Sign in with a passkey" }).click();
  await expect(page).toHaveURL(/\/incoming$/);

  await gotoHydrated(page, "/incoming/account");
  const key = passkeys.getByRole("listitem").filter({ hasText: "Front desk PC" });
  await expect(key).toContainText("last used");
  await key.getByRole("button", { name: "Remove passkey Front desk PC" }).click();
  await expect(passkeys.getByText("No passkeys yet.")).toBeVisible();
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows no passkey button, and the password form works as before", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});
