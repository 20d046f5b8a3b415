import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// The emails the local mail emulation writes as .eml files, as the browser tests read them.

// Where `wrangler dev`, started in the project's folder, has the emulator write its .eml files.
const EMAIL_DIR = path.join(import.meta.dirname, "../.wrangler/tmp/email");

/** One message the emulator has written: its envelope's recipient (the To header) and its text part. */
type WrittenEmail = { to: string; text: string };

/** Each message the emulator has written so far (the text parts are base64). */
function writtenEmails(): WrittenEmail[] {
  if (!existsSync(EMAIL_DIR)) return [];
  return readdirSync(EMAIL_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".eml"))
    .map((file) => {
      const raw = readFileSync(path.join(EMAIL_DIR, file), "utf8");
      const to = /^To: <?([^>\r\n]+)>?/m.exec(raw)?.[1] ?? "";
      const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
      return { to, text: Buffer.from(part.replace(/\s+/g, ""), "base64").toString("utf8") };
    });
}

/** The text part of each message the emulator has written so far. */
export function emailTexts(): string[] {
  return writtenEmails().map((email) => email.text);
}

/**
 * The text of the first email that `matches`, once the queue consumer has sent it. An email to a
 * customer names them by first name only: find it by `to`, the address the test gave them.
 */
export async function waitForEmail(matches: (text: string) => boolean, to?: string): Promise<string> {
  let found: string | undefined;
  await expect(() => {
    found = writtenEmails().find((email) => (to === undefined || email.to === to) && matches(email.text))?.text;
    expect(found, to ? `the email to ${to}` : "the email").toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}
