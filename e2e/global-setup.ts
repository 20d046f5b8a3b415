import { type FullConfig, chromium } from "@playwright/test";
import { chromiumArgs, testBrowserPath } from "../playwright.config";
import { executeSql, STAFF_SESSION_ENV, staffAccount } from "./fixtures";
import { addOwner, signIn } from "./members";

// Runs after Playwright has started the webServer (wrangler dev with fresh state and migrations):
// creates the staff account (an owner) and seeds the inbox, including a message that would run as
// script if the inbox ever rendered submissions as HTML. Then signs the staff account in once through
// the login form and hands its session cookie to the tests (logInAsStaff in fixtures.ts): a sign-in
// hashes the password with scrypt in the one-threaded local runtime, which held up every other test
// for the time of each of the 60-odd tests that signed in only to reach a staff page.
export default async function globalSetup(config: FullConfig) {
  await addOwner(staffAccount);
  executeSql(
    [
      `INSERT INTO contact_submissions (id, first_name, last_name, email, phone, message, submitted_at) VALUES
        ('e2e-contact-script', 'Olivia', 'Older', 'olivia@example.com', '(410) 555-0101', '<script>alert(1)</script>', ${Date.UTC(2026, 0, 5, 20, 30)}),
        ('e2e-contact-plain', 'Nate', 'Newer', 'nate@example.com', '410-555-0102', 'My brakes squeal when it is cold.', ${Date.UTC(2026, 6, 4, 16, 0)})`,
      `INSERT INTO service_requests (id, first_name, last_name, email, phone, service, message, submitted_at) VALUES
        ('e2e-request-brakes', 'Rita', 'Request', 'rita@example.com', '4105550103', 'brake-service', 'Front pads, please.', ${Date.UTC(2026, 2, 10, 14, 15)})`,
    ].join(";\n"),
  );

  const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
  try {
    const page = await browser.newPage({ baseURL: config.projects[0]!.use.baseURL });
    await signIn(page, staffAccount);
    // Playwright passes the environment that global setup leaves to every test worker.
    process.env[STAFF_SESSION_ENV] = JSON.stringify(await page.context().cookies());
  } finally {
    await browser.close();
  }
}
