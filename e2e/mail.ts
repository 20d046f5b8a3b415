import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { expect } from "@playwright/test";

// The emails the local mail emulation writes as .eml files, as the browser tests read them.

// Where `wrangler dev`, started in the project's folder, has the emulator write its .eml files.
const EMAIL_DIR = path.join(import.meta.dirname, "../.wrangler/tmp/email");

/** The text part of each message the emulator has written so far (the parts are base64). */
export function emailTexts(): string[] {
  if (!existsSync(EMAIL_DIR)) return [];
  return readdirSync(EMAIL_DIR, { recursive: true, encoding: "utf8" })
    .filter((name) => name.endsWith(".eml"))
    .map((file) => {
      const raw = readFileSync(path.join(EMAIL_DIR, file), "utf8");
      const part = /Content-Type: text\/plain[^]*?\r?\n\r?\n([A-Za-z0-9+/=\r\n]+)/.exec(raw)?.[1] ?? "";
      return Buffer.from(part.replace(/\s+/g, ""), "base64").toString("utf8");
    });
}

/** The text of the first email that `matches`, once the queue consumer has sent it. */
export async function waitForEmail(matches: (text: string) => boolean): Promise<string> {
  let found: string | undefined;
  await expect(() => {
    found = emailTexts().find(matches);
    expect(found, "the email").toBeDefined();
  }).toPass({ timeout: 20_000 });
  return found!;
}
