import { expect, test, openPage } from "../fixtures";
import { expectPagesAccessible, phoneAndDesktop } from "../page-checks";
import { brakeRequest, insertRecord } from "../records";

// Reply templates (issue 29 item 2): on a record, a member picks a template, with JavaScript and
// without (a plain GET that brings the page back with the reply form filled in from the record), edits it
// and sends it; an owner's template with a mistyped placeholder is refused on the settings page.

const newTag = () => `Tpl${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

const seedRequest = (tag: string) =>
  insertRecord("serviceRequest", {
    ...brakeRequest(tag),
    vehicleYear: 2014,
    vehicleMake: "Toyota",
    vehicleModel: "Camry",
  });

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a reply from a template with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("is picked, filled in from the record, edited and sent", async ({ page, db, logInAsStaff }) => {
      const tag = newTag();
      const id = seedRequest(tag);
      const path = `/incoming/service-requests/${id}`;
      await logInAsStaff();
      await openPage(page, path, javaScriptEnabled);

      await page.getByLabel("Start from a template").selectOption({ label: "Your car is ready" });
      await page.getByRole("button", { name: "Use template" }).click();
      await expect(page).toHaveURL(new RegExp(`${path}\\?template=\\d+(#reply)?$`));
      const form = page.getByRole("form", { name: "Reply by email" });
      await expect(form.getByLabel("Subject")).toHaveValue("Your 2014 Toyota Camry is ready to pick up");
      const body = form.getByLabel("Your reply");
      await expect(body).toHaveValue(/^Hi Robin,\n\nGood news: your 2014 Toyota Camry is ready to pick up\./);
      await expect(body).not.toHaveValue(/[{}]/);

      const filled = await body.inputValue();
      const edited = filled.replace("Good news:", `Good news (${tag}):`);
      await body.fill(edited);
      await form.getByRole("button", { name: "Send reply" }).click();

      // Back on the record without the template: the next reply starts from an empty form.
      await expect(page).toHaveURL(path);
      await expect(page.getByRole("list", { name: "Timeline, oldest first" })).toContainText(
        `Good news (${tag}): your 2014 Toyota Camry is ready to pick up.`,
      );
      await expect(page.getByRole("form", { name: "Reply by email" }).getByLabel("Your reply")).toHaveValue("");
      const rows = db.all<{ subject: string; body: string }>(
        "select subject, body from record_messages where submission_id = ?",
        id,
      );
      expect(rows).toEqual([{ subject: "Your 2014 Toyota Camry is ready to pick up", body: edited }]);
    });
  });
}

test.describe("an owner's templates without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("refuses a mistyped placeholder with what was typed, then saves the fixed one", async ({
    page,
    logInAsStaff,
  }) => {
    const name = newTag();
    await logInAsStaff();
    await page.goto("/incoming/settings");
    await page
      .getByRole("navigation", { name: "Settings sections" })
      .getByRole("link", { name: "Reply templates" })
      .click();
    await expect(page.getByRole("heading", { level: 1, name: "Reply templates" })).toBeVisible();
    const add = page.getByRole("form", { name: "Add a template" });
    await add.getByLabel("Name").fill(name);
    await add.getByLabel("Subject").fill("Your estimate is ready");
    await add.getByLabel("Text").fill("Hi {firstname}, your estimate is ready.");
    await add.getByRole("button", { name: "Add template" }).click();

    const refused = page.getByRole("form", { name: "Add a template" });
    await expect(refused.getByText(/Unknown placeholder \{firstname\} in the text\./)).toBeVisible();
    await expect(refused.getByLabel("Text")).toHaveValue("Hi {firstname}, your estimate is ready.");
    await refused.getByLabel("Text").fill("Hi {firstName}, your estimate is ready.");
    await refused.getByRole("button", { name: "Add template" }).click();
    await expect(page.getByRole("heading", { level: 2, name })).toBeVisible();
    await expect(page.getByRole("form", { name: `Edit “${name}”` }).getByLabel("Text")).toHaveValue(
      "Hi {firstName}, your estimate is ready.",
    );
  });
});

test.describe("accessibility", () => {
  for (const viewport of phoneAndDesktop) {
    test(`the Emails and Reply templates pages and a record with a template picked have no axe violations at ${viewport.width} px`, async ({
      page,
      logInAsStaff,
    }) => {
      const id = seedRequest(newTag());
      await logInAsStaff();
      await expectPagesAccessible(page, viewport, [
        "/incoming/settings/emails",
        "/incoming/settings/reply-templates",
        `/incoming/service-requests/${id}?template=1`,
      ]);
    });
  }
});
