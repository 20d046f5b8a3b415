// Records what Chromium posts when a passkey is added and used, with its virtual authenticator (the
// DevTools protocol's WebAuthn domain, as the browser tests use it), for the Worker tests of the
// passkey verifier: test/second-factor/chromium-passkey.json. Run it against a local server and an
// account without a second factor, then commit the file it writes:
//
//   PORT=8895 npm start                         (in another terminal)
//   npm run admin:create -- passkey-recorder     (its password is asked)
//   node scripts/record-passkey-responses.ts http://localhost:8895 passkey-recorder '<password>'
//
// It adds one passkey (Chromium picks the first key type the options offer that it makes: Ed25519)
// and signs in with it twice: the registration carries the counter 1, the sign-ins 2 and 3.
import { writeFileSync } from "node:fs";
import { chromium, type Page } from "@playwright/test";
import { addVirtualAuthenticator } from "../e2e/virtual-authenticator.ts";
import { chromiumArgs, testBrowserPath } from "../playwright.config.ts";

const [origin, username, password] = process.argv.slice(2);
if (!origin || !username || !password) {
  console.error("Usage: node scripts/record-passkey-responses.ts <origin> <username> <password>");
  process.exit(1);
}
const output = "test/second-factor/chromium-passkey.json";

type Exchange = { challenge: string; response: unknown };

/** The challenge the options call handed out, and the credential the page then posted. */
async function ceremony(page: Page, optionsPath: string, answerPath: string, act: () => Promise<void>) {
  const options = page.waitForResponse((response) => new URL(response.url()).pathname === optionsPath);
  const answer = page.waitForRequest(
    (request) => request.method() === "POST" && new URL(request.url()).pathname === answerPath,
  );
  await act();
  const given = (await (await options).json()) as { challenge: string; user?: { id: string } };
  const posted = (await answer).postDataJSON() as { credential: unknown };
  const result = (await (await answer).response())?.status();
  if (result !== 200 && result !== 201) throw new Error(`${answerPath} answered ${result}`);
  const exchange: Exchange = { challenge: given.challenge, response: posted.credential };
  return { exchange, userHandle: given.user?.id };
}

const hydrated = (page: Page) => page.locator("html[data-hydrated]").waitFor({ state: "attached" });

const browser = await chromium.launch({ executablePath: testBrowserPath, args: chromiumArgs });
try {
  const page = await browser.newPage({ baseURL: origin });
  await addVirtualAuthenticator(page);

  await page.goto("/login");
  await page.getByLabel("Username").fill(username);
  await page.getByLabel(/^Password/).fill(password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await page.waitForURL(/\/incoming$/);

  await page.goto("/incoming/account");
  await hydrated(page);
  const passkeys = page.getByRole("region", { name: "Passkeys" });
  await passkeys.getByLabel("Name for the new passkey").fill("Recorded in Chromium");
  const added = await ceremony(page, "/api/account/passkeys/options", "/api/account/passkeys", () =>
    passkeys.getByRole("button", { name: "Add a passkey" }).click(),
  );
  // The member's id, as the options named them (base64url of its text).
  const userId = Buffer.from(added.userHandle ?? "", "base64url").toString("utf8");

  const signIns: Exchange[] = [];
  for (let round = 0; round < 2; round++) {
    await page.context().clearCookies({ name: "__Host-session" });
    await page.goto("/login");
    await hydrated(page);
    const signedIn = await ceremony(page, "/api/login/passkey/options", "/api/login/passkey", () =>
      page.getByRole("button", { name: "Sign in with a passkey" }).click(),
    );
    signIns.push(signedIn.exchange);
    await page.waitForURL(/\/incoming$/);
  }

  const recorded = { recordedWith: browser.version(), origin, userId, registration: added.exchange, signIns };
  writeFileSync(output, `${JSON.stringify(recorded, null, 2)}\n`);
  console.log(`Wrote ${output}: a registration and ${signIns.length} sign-ins from ${recorded.recordedWith}.`);
} finally {
  await browser.close();
}
