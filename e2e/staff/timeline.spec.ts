import { expect, test } from "../fixtures";
import { insertRecord } from "../records";

// A record's timeline (issue 29): the request, its status changes, the desk's calls and notes and
// the emails in one list, oldest first, server-rendered (read here with JavaScript off), at a
// phone's width and a desktop's.

const newTag = () => `Time${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

for (const viewport of [
  { width: 390, height: 844 },
  { width: 1280, height: 900 },
]) {
  test.describe(`at ${viewport.width} px without JavaScript`, () => {
    test.use({ javaScriptEnabled: false, viewport });

    test("shows the request, a logged call, the status it caused and a note in one list, oldest first", async ({
      page,
      logInAsStaff,
    }) => {
      const tag = newTag();
      const id = insertRecord("contact", {
        firstName: "Avery",
        lastName: tag,
        email: `${tag.toLowerCase()}@example.com`,
        phone: "(410) 555-0177",
        message: `Is the timing belt due at 90k? (${tag})`,
        submittedAt: Date.now() - 60_000,
      });
      await logInAsStaff();
      await page.goto(`/incoming/contact-messages/${id}`);

      const call = page.getByRole("form", { name: "Log a call" });
      await call.getByRole("radio", { name: "Reached them" }).check();
      await call.getByLabel("Note (optional)").fill(`Quoted the belt (${tag})`);
      await call.getByRole("button", { name: "Log the call" }).click();
      const note = page.getByRole("form", { name: "Add a note" });
      await note.getByLabel("Add a note").fill(`Prefers Saturday (${tag})`);
      await note.getByRole("button", { name: "Add the note" }).click();

      const timeline = page.getByRole("list", { name: "Timeline, oldest first" });
      const entries = timeline.getByRole("listitem");
      await expect(entries).toHaveCount(4);
      await expect(entries.nth(0)).toContainText(`Is the timing belt due at 90k? (${tag})`);
      await expect(entries.nth(1)).toContainText("Call: Reached them");
      await expect(entries.nth(1)).toContainText(`Quoted the belt (${tag})`);
      await expect(entries.nth(2)).toContainText("Contacted by");
      await expect(entries.nth(3)).toContainText(`Prefers Saturday (${tag})`);
      // Nothing wider than the screen.
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });
  });
}
