import type { Page } from "@playwright/test";

/**
 * Chromium's virtual authenticator (DevTools' WebAuthn domain) in place of a fingerprint reader: for
 * the browser tests and scripts/record-passkey-responses.ts, which is why it imports no test fixture.
 */
export async function addVirtualAuthenticator(page: Page) {
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
}
