import type { Page } from "@playwright/test";
import {
  expect,
  fillVisitorDetails,
  holdRequests,
  tamperWithFormPosts,
  test,
  uniqueEmail,
  visitorForm,
  waitForEnhancedForm,
} from "../fixtures";

type FormCase = {
  name: string;
  path: string;
  table: string;
  submit: string;
  pending: string;
  toastTitle: string;
  toastText: string;
  fill: (page: Page, email: string) => Promise<void>;
};

const forms: FormCase[] = [
  {
    name: "contact form",
    path: "/contact",
    table: "contact_submissions",
    submit: "Send Message",
    pending: "Sending Message...",
    toastTitle: "Message Sent Successfully",
    toastText: "Thank you for contacting us. We'll get back to you within 24 hours.",
    fill: async (page, email) => {
      await fillVisitorDetails(visitorForm(page), email);
      await page
        .getByRole("textbox", { name: "Message", exact: true })
        .fill("2014 Subaru Outback: check engine light came on yesterday.");
    },
  },
  {
    name: "service request form",
    path: "/",
    table: "service_requests",
    submit: "Submit Service Request",
    pending: "Submitting Request...",
    toastTitle: "Service Request Submitted",
    toastText: "Thank you for your request. We'll contact you within 24 hours to schedule your service.",
    fill: async (page, email) => {
      await fillVisitorDetails(visitorForm(page), email);
      await page.getByLabel("Service Needed").selectOption("oil-change");
      await page.getByLabel("Additional Details").fill("2014 Subaru Outback, due for an oil change.");
    },
  },
];

for (const form of forms) {
  for (const javaScriptEnabled of [false, true]) {
    test.describe(`${form.name} with JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
      test.use({ javaScriptEnabled });

      test("sends, stores one row, shows the success message and clears the form", async ({ page, db }) => {
        const email = uniqueEmail();
        await page.goto(form.path);
        if (javaScriptEnabled) await waitForEnhancedForm(page);
        await form.fill(page, email);
        await page.getByRole("button", { name: form.submit }).click();

        const inlineNotice = page.getByTestId("form-success");
        await expect(inlineNotice).toContainText(form.toastTitle);
        await expect(inlineNotice).toContainText(form.toastText);
        if (javaScriptEnabled) {
          const toast = page.getByRole("region", { name: /Notifications/ }).getByRole("listitem");
          await expect(toast).toContainText(form.toastTitle);
          await expect(toast).toContainText(form.toastText);
        }
        await expect(page.getByLabel("First Name")).toHaveValue("");
        await expect(page.getByLabel("Email Address")).toHaveValue("");
        const rows = db.all<{ first_name: string }>(`select first_name from ${form.table} where email = ?`, email);
        expect(rows).toEqual([{ first_name: "Dana" }]);
        // The shop's email leaves through the queue within seconds (its content:
        // test/notifications/notifications.test.ts).
        const notifiedAt = () =>
          db.all<{ notified_at: number | null }>(
            `select l.notified_at from ${form.table} as r join notification_ledger as l on l.submission_id = r.id where r.email = ?`,
            email,
          )[0]?.notified_at;
        await expect.poll(notifiedAt, { timeout: 20_000 }).toBeGreaterThan(Date.now() - 60_000);
      });

      test("shows what to fix, keeps what was typed and moves focus to the first problem", async ({ page, db }) => {
        await page.goto(form.path);
        if (javaScriptEnabled) await waitForEnhancedForm(page);
        await form.fill(page, "dana@localhost");
        await page.getByLabel("Phone Number").fill("((((()))))");
        await page.getByRole("button", { name: form.submit }).click();

        await expect(page.getByText("Please enter a valid email address, like name@example.com.")).toBeVisible();
        await expect(page.getByText("Please enter a phone number of at least 7 digits.")).toBeVisible();
        await expect(page.getByLabel("Email Address")).toBeFocused();
        await expect(page.getByLabel("Email Address")).toHaveAttribute("aria-invalid", "true");
        await expect(page.getByLabel("Last Name")).toHaveValue("Whitfield");
        await expect(page.getByLabel("Phone Number")).toHaveValue("((((()))))");
        expect(db.all(`select id from ${form.table} where email = ?`, "dana@localhost")).toEqual([]);
      });
    });
  }

  test(`${form.name} says it is sending and cannot be sent twice meanwhile`, async ({ page, db }) => {
    const email = uniqueEmail();
    await page.goto(form.path);
    await waitForEnhancedForm(page);
    await form.fill(page, email);
    const release = await holdRequests(page, "**/*.data*", "POST");

    await page.getByRole("button", { name: form.submit }).click();
    const pendingButton = page.getByRole("button", { name: form.pending });
    await expect(pendingButton).toBeVisible();
    await expect(pendingButton).toBeDisabled();
    release();
    await expect(page.getByTestId("form-success")).toContainText(form.toastTitle);
    await expect(page.getByRole("button", { name: form.submit })).toBeEnabled();
    expect(db.all(`select id from ${form.table} where email = ?`, email)).toHaveLength(1);
  });
}

test("a message with a script tag is stored and handled as text", async ({ page, db }) => {
  const email = uniqueEmail();
  let dialogOpened = false;
  page.on("dialog", async (dialog) => {
    dialogOpened = true;
    await dialog.dismiss();
  });
  await page.goto("/contact");
  await waitForEnhancedForm(page);
  await fillVisitorDetails(visitorForm(page), email);
  await page.getByRole("textbox", { name: "Message", exact: true }).fill("<script>alert(1)</script>");
  await page.getByRole("button", { name: "Send Message" }).click();
  await expect(page.getByTestId("form-success")).toContainText("Message Sent Successfully");
  expect(db.all(`select message from contact_submissions where email = ?`, email)).toEqual([
    { message: "<script>alert(1)</script>" },
  ]);
  expect(dialogOpened).toBe(false);
});

test.describe("without JavaScript", () => {
  test.use({ javaScriptEnabled: false });

  test("a form posted to the home page's own address (no ?index) is stored like any other", async ({ page, db }) => {
    const email = uniqueEmail();
    await page.goto("/");
    // A hand-made or cached copy of the form that posts to "/" itself.
    await visitorForm(page).evaluate((form) => form.setAttribute("action", "/"));
    await forms[1]!.fill(page, email);
    await page.getByRole("button", { name: "Submit Service Request" }).click();
    await expect(page.getByTestId("form-success")).toContainText("Service Request Submitted");
    expect(db.all(`select id from service_requests where email = ?`, email)).toHaveLength(1);
  });
});

for (const javaScriptEnabled of [false, true]) {
  test.describe(`a form sent again under its id with other details, JavaScript ${javaScriptEnabled ? "on" : "off"}`, () => {
    test.use({ javaScriptEnabled });

    test("says it was already sent, keeps what was typed and stores nothing", async ({ page, db }) => {
      const first = uniqueEmail();
      await page.goto("/contact");
      const usedId = await visitorForm(page).locator('input[name="submissionId"]').inputValue();
      if (javaScriptEnabled) await waitForEnhancedForm(page);
      await forms[0]!.fill(page, first);
      await page.getByRole("button", { name: "Send Message" }).click();
      await expect(page.getByTestId("form-success")).toContainText("Message Sent Successfully");

      // The same form posted again from another tab or a copy of the page: its old id, new details.
      await tamperWithFormPosts(page, "/contact", (fields) => fields.set("submissionId", usedId));
      const second = uniqueEmail();
      await page.goto("/contact");
      if (javaScriptEnabled) await waitForEnhancedForm(page);
      await forms[0]!.fill(page, second);
      await page.getByRole("button", { name: "Send Message" }).click();

      await expect(visitorForm(page).getByRole("alert")).toContainText(
        "This form was already sent with other details. Please reload the page to send a new message.",
      );
      await expect(page.getByLabel("Email Address")).toHaveValue(second);
      expect(db.all(`select id from contact_submissions where email = ?`, second)).toEqual([]);
      expect(db.all(`select id from contact_submissions where email = ?`, first)).toEqual([{ id: usedId }]);
    });
  });
}
