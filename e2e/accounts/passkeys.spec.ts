import { expect, gotoHydrated, test } from "../fixtures";
import { newMember, signIn } from "../members";
import { addVirtualAuthenticator } from "../virtual-authenticator";

// A passkey added on the account page, used to sign in, and removed, with Chromium's virtual
// authenticator (the DevTools protocol's WebAuthn domain) standing in for a fingerprint reader.

test.describe.configure({ timeout: 120_000 });

test("adds a passkey, signs in with it, and removes it", async ({ page }) => {
  const member = await newMember("e2e-pk");

  await addVirtualAuthenticator(page);

  await signIn(page, member);

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

// The button appears only once the script runs. Above the links, it pushed them down mid-tap: a click
// aimed at "Forgot password?" landed on it and left the visitor waiting for a passkey. Its place is
// kept until then, so nothing below it moves either (Lighthouse counted the shift).
test("the passkey button appearing moves nothing on the page", async ({ browser }) => {
  const boxes = [];
  for (const javaScriptEnabled of [false, true]) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    if (javaScriptEnabled) {
      await gotoHydrated(page, "/login");
      await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toBeVisible();
    } else {
      await page.goto("/login");
    }
    boxes.push({
      signIn: await page.getByRole("button", { name: "Sign In", exact: true }).boundingBox(),
      forgot: await page.getByRole("link", { name: "Forgot password?" }).boundingBox(),
      // Below the button's place: kept for it, so the version under the card stays put too.
      version: await page.getByText(/^v\d+\.\d+\.\d+/).boundingBox(),
    });
    await context.close();
  }
  const [withoutScript, withScript] = boxes;
  expect(withScript).toEqual(withoutScript);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("shows no passkey button, and the password form works as before", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByRole("button", { name: "Sign In", exact: true })).toBeVisible();
    await expect(page.getByRole("button", { name: "Sign in with a passkey" })).toHaveCount(0);
  });
});
