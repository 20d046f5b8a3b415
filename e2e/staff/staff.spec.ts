import type { Page } from "@playwright/test";
import {
  expect,
  gotoHydrated,
  holdRequests,
  staffAccount,
  test,
  type TestDatabase,
  waitForHydration,
} from "../fixtures";
import { signIn } from "../members";

/** How many copies of a text a sighted visitor sees (a screen reader's one-pixel announcement aside). */
async function copiesOnScreen(page: Page, text: string): Promise<number> {
  const boxes = await Promise.all((await page.getByText(text).all()).map((copy) => copy.boundingBox()));
  return boxes.filter((box) => box && box.width > 1 && box.height > 1).length;
}

/**
 * A server-queued toast: a Radix toast with JavaScript, a message written into the page without;
 * once, not both (the written one steps aside when the toast shows).
 */
async function expectFlash(page: Page, javaScriptEnabled: boolean, text: string) {
  if (!javaScriptEnabled) {
    await expect(page.getByRole("status").filter({ hasText: text })).toBeVisible();
    expect(await copiesOnScreen(page, text)).toBe(1);
    return;
  }
  const toasts = page.getByRole("region", { name: /Notifications/ });
  await expect(toasts).toContainText(text);
  // Within the toast's 5 seconds on screen, not once it has gone.
  await expect.poll(() => copiesOnScreen(page, text), { timeout: 2_000 }).toBe(1);
  await expect(toasts).toContainText(text);
}

const SEEDED_PHONES = "410-555-010";

// The count cards leave spam out.
const count = (db: TestDatabase, table: string) =>
  db.all<{ n: number }>(`select count(*) as n from ${table} where status <> 'spam'`)[0]!.n;

for (const javaScriptEnabled of [true, false]) {
  test.describe(`staff inbox with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("logs in, reads both tabs, logs out, and is then sent back to /login", async ({ page, db }) => {
      const dialogs: string[] = [];
      page.on("dialog", async (dialog) => {
        dialogs.push(dialog.message());
        await dialog.dismiss();
      });

      await page.goto("/incoming");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Login" })).toBeVisible();
      await expect(page.getByText("v3.0.0")).toBeVisible();

      // Through the login form: this test signs out its own session, not the one the others share.
      await signIn(page, staffAccount);
      await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
      await expectFlash(page, javaScriptEnabled, "Logged in successfully");

      // Other tests may add submissions meanwhile: compare a fresh page with a fresh count.
      await expect(async () => {
        await page.reload();
        const contacts = count(db, "contact_submissions");
        const requests = count(db, "service_requests");
        await expect(
          page.getByRole("region", { name: "Contact Messages" }).getByText(String(contacts), { exact: true }),
        ).toBeVisible({ timeout: 1000 });
        await expect(
          page.getByRole("region", { name: "Service Requests" }).getByText(String(requests), { exact: true }),
        ).toBeVisible({ timeout: 1000 });
      }).toPass();

      // Other tests add newer records, which fill the first page: find the seeded ones by the
      // digits their phone numbers share, (410) 555-0101, 410-555-0102 and 4105550103.
      await page.goto(`/incoming?q=${SEEDED_PHONES}`);
      const scriptCard = page.getByRole("article").filter({ hasText: "Olivia Older" });
      // One markup for both widths: the card's parts for phones are in the row too, hidden.
      await expect(
        scriptCard.getByText("<script>alert(1)</script>", { exact: true }).filter({ visible: true }),
      ).toBeVisible();
      await expect(scriptCard.getByText("Jan 5, 2026, 3:30 PM EST")).toBeVisible();
      await expect(scriptCard.getByRole("link", { name: "olivia@example.com" })).toHaveAttribute(
        "href",
        "mailto:olivia@example.com",
      );
      await expect(scriptCard.getByRole("link", { name: "(410) 555-0101" })).toHaveAttribute("href", "tel:4105550101");
      // Newest first.
      const names = await page.getByRole("article").getByRole("heading", { level: 3 }).allTextContents();
      expect(names.indexOf("Nate Newer")).toBeLessThan(names.indexOf("Olivia Older"));

      const serviceTab = javaScriptEnabled
        ? page.getByRole("tab", { name: "Service Requests" })
        : page.getByRole("link", { name: "Service Requests" });
      await serviceTab.click();
      await expect(page).toHaveURL(new RegExp(`/incoming\\?tab=service-requests&q=${SEEDED_PHONES}$`));
      if (javaScriptEnabled) await expect(serviceTab).toHaveAttribute("aria-selected", "true");
      else await expect(serviceTab).toHaveAttribute("aria-current", "page");
      const requestCard = page.getByRole("article").filter({ hasText: "Rita Request" });
      await expect(requestCard.getByText("Brake Repair & Service").filter({ visible: true })).toBeVisible();
      await expect(page.getByText("Olivia Older")).toBeHidden();

      await page.getByRole("button", { name: "Logout" }).click();
      await expect(page).toHaveURL(/\/login$/);
      await expectFlash(page, javaScriptEnabled, "You have been successfully logged out");

      await page.goto("/incoming");
      await expect(page).toHaveURL(/\/login$/);
      expect(dialogs).toEqual([]);
    });

    test("a wrong password keeps the username, clears the password and says Login Failed", async ({ page }) => {
      await page.goto("/login");
      await page.getByLabel("Username").fill("e2e-nobody");
      await page.getByLabel(/^Password/).fill("not the password at all");
      await page.getByRole("button", { name: "Sign In", exact: true }).click();

      const inline = page.getByRole("main").getByRole("alert");
      await expect(inline).toContainText("Login Failed");
      await expect(inline).toContainText("Invalid username or password.");
      await expect(page).toHaveURL(/\/login$/);
      await expect(page.getByLabel("Username")).toHaveValue("e2e-nobody");
      await expect(page.getByLabel(/^Password/)).toHaveValue("");
      if (javaScriptEnabled) {
        // The toast repeats it, in the notification region.
        await expect(page.getByRole("region", { name: /Notifications/ })).toContainText("Login Failed");
      }
    });
  });
}

test("keeps the __Host- session, device and D1 bookmark cookies over http://localhost, as over https", async ({
  page,
  logInAsStaff,
}) => {
  await logInAsStaff();
  const cookies = await page.context().cookies();
  // The bookmark: the member's next request reads D1 at least as new as their sign-in (decision 068).
  for (const name of ["__Host-session", "__Host-device", "__Host-d1-bookmark"]) {
    const cookie = cookies.find((candidate) => candidate.name === name);
    expect(cookie, name).toMatchObject({ secure: true, httpOnly: true, path: "/" });
  }
  // The session cookie is what keeps the inbox open.
  await page.goto("/incoming");
  await expect(page.getByRole("heading", { level: 1, name: "Admin Panel" })).toBeVisible();
});

test.describe("with JavaScript", () => {
  test("the show/hide toggle reveals and hides the password", async ({ page }) => {
    await gotoHydrated(page, "/login");
    const password = page.getByLabel(/^Password/);
    await password.fill("visible for a moment");
    const toggle = page.getByRole("button", { name: "Show password" });
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "true");
    await expect(password).toHaveAttribute("type", "text");

    await toggle.click();
    await expect(toggle).toHaveAttribute("aria-pressed", "false");
    await expect(password).toHaveAttribute("type", "password");
  });

  test("the button reads 'Signing in...' and is disabled while signing in", async ({ page }) => {
    await gotoHydrated(page, "/login");
    await page.getByLabel("Username").fill(staffAccount.username);
    await page.getByLabel(/^Password/).fill(staffAccount.password);
    // The form's code loads when the visitor heads for it (a focus): its password toggle says it is there.
    await expect(page.getByRole("button", { name: "Show password" })).toBeVisible();

    const release = await holdRequests(page, "**/login.data*");
    await page.getByRole("button", { name: "Sign In", exact: true }).click();
    const pending = page.getByRole("button", { name: "Signing in..." });
    await expect(pending).toBeVisible();
    await expect(pending).toBeDisabled();
    release();
    await expect(page).toHaveURL(/\/incoming$/);
  });

  test("the inbox tabs follow the ARIA tabs pattern and the URL", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await gotoHydrated(page, `/incoming?q=${SEEDED_PHONES}`);
    const tablist = page.getByRole("tablist", { name: "Inbox sections" });
    const contact = tablist.getByRole("tab", { name: "Contact Messages" });
    const service = tablist.getByRole("tab", { name: "Service Requests" });
    await expect(contact).toHaveAttribute("aria-selected", "true");
    await expect(page.getByRole("tabpanel", { name: "Contact Messages" })).toBeVisible();

    await contact.focus();
    await page.keyboard.press("ArrowRight");
    await expect(service).toBeFocused();
    await expect(service).toHaveAttribute("aria-selected", "true");
    await expect(page).toHaveURL(new RegExp(`/incoming\\?tab=service-requests&q=${SEEDED_PHONES}$`));
    await expect(page.getByRole("tabpanel", { name: "Service Requests" })).toContainText("Rita Request");

    await page.keyboard.press("Home");
    await expect(contact).toBeFocused();
    await expect(page.getByRole("tabpanel", { name: "Contact Messages" })).toContainText("Olivia Older");
  });

  test("shows 'Loading...' while the inbox is refreshed", async ({ page, logInAsStaff }) => {
    await logInAsStaff();
    await waitForHydration(page);
    const release = await holdRequests(page, "**/incoming.data*");
    await page.getByRole("link", { name: "Refresh" }).click();
    await expect(page.getByRole("status").filter({ hasText: "Loading..." })).toBeVisible();
    release();
    await expect(page.getByText("Loading...")).toBeHidden();
  });
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("the password stays hidden and there is no dead toggle", async ({ page }) => {
    await page.goto("/login");
    await expect(page.getByLabel(/^Password/)).toHaveAttribute("type", "password");
    await expect(page.getByRole("button", { name: "Show password" })).toHaveCount(0);
  });
});

test("the console reports a CSP violation when a script without the nonce runs", async ({ page, cspViolations }) => {
  // Proves that the console check every test relies on can fail.
  await page.goto("/login");
  await page.evaluate(() => {
    const script = document.createElement("script");
    script.textContent = "window.__injected = true";
    document.body.appendChild(script);
  });
  await expect.poll(() => cspViolations.length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as { __injected?: boolean }).__injected)).toBeUndefined();
  cspViolations.length = 0;
});
