import { readFileSync } from "node:fs";
import type { Page } from "@playwright/test";
import { replyToken } from "../../app/features/replies/server/reply-token.server";
import { expect, gotoHydrated, test, openPage } from "../fixtures";
import { brakeRequest, insertRecord } from "../records";

// Replies from the record (issue 29): a member answers a customer from the record's page, with
// JavaScript and without; the customer's answer, delivered to the Worker's email() handler through
// the local email endpoint (/cdn-cgi/handler/email), appears on the record with its badge.

const newTag = () => `Reply${crypto.randomUUID().replaceAll("-", "").slice(0, 10)}`;

const seedRequest = (tag: string) => insertRecord("serviceRequest", brakeRequest(tag));

/** The server's SESSION_SECRET (npm run setup:local writes it to .dev.vars), which signs reply addresses. */
function sessionSecret(): string {
  const line = readFileSync(".dev.vars", "utf8")
    .split("\n")
    .find((each) => each.startsWith("SESSION_SECRET="));
  if (!line) throw new Error("No SESSION_SECRET in .dev.vars");
  return line.slice("SESSION_SECRET=".length).trim().replace(/^"|"$/g, "");
}

async function sendReply(page: Page, body: string) {
  const form = page.getByRole("form", { name: "Reply by email" });
  await form.getByLabel("Subject").fill("Your brakes");
  await form.getByLabel("Your reply").fill(body);
  await form.getByRole("button", { name: "Send reply" }).click();
}

const emails = (page: Page) => page.getByRole("list", { name: "Timeline, oldest first" });

for (const javaScriptEnabled of [true, false]) {
  test.describe(`a reply from the record with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("goes to the customer, shows in the record's emails, and marks the record contacted", async ({
      page,
      db,
      logInAsStaff,
    }) => {
      const tag = newTag();
      const id = seedRequest(tag);
      const path = `/incoming/service-requests/${id}`;
      await logInAsStaff();
      await openPage(page, path, javaScriptEnabled);
      await expect(page.getByText("Status: New", { exact: true })).toBeVisible();
      await sendReply(page, `Hello Robin, bring it in Tuesday (${tag}).`);
      await expect(page).toHaveURL(path);
      await expect(emails(page)).toContainText(`Hello Robin, bring it in Tuesday (${tag}).`);
      await expect(page.getByText("Status: Contacted", { exact: true })).toBeVisible();
      // The queue's consumer sends it in a moment: a reload shows it sent.
      await expect(async () => {
        await page.reload();
        await expect(emails(page)).toContainText("Email status: Sent", { timeout: 1000 });
      }).toPass({ timeout: 20_000 });
      const rows = db.all<{ direction: string; to_address: string; sent_at: number | null }>(
        "select direction, to_address, sent_at from record_messages where submission_id = ?",
        id,
      );
      expect(rows).toEqual([
        { direction: "out", to_address: `${tag.toLowerCase()}@example.com`, sent_at: expect.any(Number) },
      ]);
    });

    test("keeps what was typed and says why when the reply is refused", async ({ page, logInAsStaff }) => {
      const id = seedRequest(newTag());
      const path = `/incoming/service-requests/${id}`;
      await logInAsStaff();
      await openPage(page, path, javaScriptEnabled);
      const form = page.getByRole("form", { name: "Reply by email" });
      await form.getByLabel("Subject").fill("Kept");
      // A control character the text rules refuse (the browser's maxlength would stop a long one).
      await form.getByLabel("Your reply").fill("Ring \u0007 twice");
      await form.getByRole("button", { name: "Send reply" }).click();
      await expect(page.getByRole("alert")).toContainText("The reply contains control characters");
      await expect(page.getByRole("form", { name: "Reply by email" }).getByLabel("Subject")).toHaveValue("Kept");
      await expect(page.getByRole("form", { name: "Reply by email" }).getByLabel("Your reply")).toHaveValue(
        "Ring \u0007 twice",
      );
    });
  });
}

test("a customer's answer delivered to the reply address appears on the record with its badge", async ({
  page,
  request,
  logInAsStaff,
}, testInfo) => {
  const tag = newTag();
  const id = seedRequest(tag);
  const path = `/incoming/service-requests/${id}`;
  await logInAsStaff();
  await gotoHydrated(page, path);
  await sendReply(page, "When can you bring it in?");
  await expect(emails(page)).toContainText("When can you bring it in?");

  const address = `reply+${await replyToken(sessionSecret(), "serviceRequest", id)}@shop.localhost`;
  const customer = `${tag.toLowerCase()}@example.com`;
  const raw = [
    `From: Robin ${tag} <${customer}>`,
    `To: ${address}`,
    "Subject: Re: Your brakes",
    `Message-ID: <${crypto.randomUUID()}@mail.example.com>`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=utf-8",
    "",
    `Tuesday at 9 works <b>fine</b> (${tag}).`,
    "",
    "On Tue, Nov 24, 2026 at 10:00 AM Pikesville Family Auto Repair wrote:",
    "> When can you bring it in?",
    "",
  ].join("\r\n");
  const delivered = await request.post(
    `/cdn-cgi/handler/email?from=${encodeURIComponent(customer)}&to=${encodeURIComponent(address)}`,
    { data: raw, headers: { "Content-Type": "message/rfc822" } },
  );
  expect(delivered.status(), await delivered.text()).toBe(200);

  await page.reload();
  const answer = emails(page)
    .getByRole("listitem")
    .filter({ hasText: `Tuesday at 9 works <b>fine</b> (${tag}).` });
  await expect(answer).toBeVisible();
  await expect(answer.getByText("Customer replied")).toBeVisible();
  await expect(answer).not.toContainText("> When can you bring it in?");
  // Waiting on the team: the badge on the record and in the list's "Replied" filter, until "Handled".
  await expect(
    page.getByRole("heading", { level: 1 }).locator("..").getByText("Replied", { exact: true }),
  ).toBeVisible();
  await gotoHydrated(page, "/incoming?tab=service-requests&replied=1");
  const row = page.getByRole("article").filter({ hasText: `Robin ${tag}` });
  await expect(row.getByText("Replied", { exact: true })).toBeVisible();
  await expect(page.getByRole("tab", { name: /^Service Requests\s*, \d+ replied$/ })).toBeVisible();
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: testInfo.outputPath(`inbox-replied-${width}.png`) });
  }
  await page.setViewportSize({ width: 1280, height: 900 });
  await gotoHydrated(page, path);

  const forged = await request.post(
    `/cdn-cgi/handler/email?from=${encodeURIComponent(customer)}&to=${encodeURIComponent(address.replace("reply+s", "reply+c"))}`,
    { data: raw.replace(address, address.replace("reply+s", "reply+c")) },
  );
  expect(forged.status()).toBe(400);
  expect(await forged.text()).toContain("Unknown recipient");

  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await emails(page).scrollIntoViewIfNeeded();
    await page.screenshot({ path: testInfo.outputPath(`record-emails-${width}.png`), fullPage: true });
  }
  await page.getByRole("button", { name: "Handled" }).click();
  await expect(page.getByRole("button", { name: "Handled" })).toHaveCount(0);
  await expect(page.getByRole("heading", { level: 1 }).locator("..").getByText("Replied", { exact: true })).toHaveCount(
    0,
  );
});
