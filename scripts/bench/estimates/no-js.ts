// The customer's estimate page as a phone with JavaScript turned off loads it (Chromium, issue 39):
// the bytes of each kind it fetched (sent, and gzip -9), then the customer's whole decision made
// with the plain form: every line approved, their name, the one button; usable when the page
// then says their decision was sent.
import { gzipSync } from "node:zlib";
import { chromium, type Response } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../../../playwright.config.ts";

export type NoJsVisit = {
  /** gzip -9 bytes by kind: html, css, js, the estimate's photos, other. */
  gzip: Record<string, number>;
  /** How many of the estimate's photos (their copies) the first view fetched. */
  photosFetched: number;
  lines: number;
  decided: boolean;
  /** What went wrong, when the decision could not be made. */
  problem: string | null;
};

// The estimate's photos are served under the page's own address (/estimates/<token>/photos/<id>).
const kindOf = (type: string, url: string) =>
  type === "document"
    ? "html"
    : type === "stylesheet"
      ? "css"
      : type === "script"
        ? "js"
        : /\/estimates\/[^/]+\/photos\//.test(new URL(url).pathname)
          ? "photos"
          : "other";

export async function visitWithoutJs(url: string): Promise<NoJsVisit> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const context = await browser.newContext({ javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const gzip: Record<string, number> = { html: 0, css: 0, js: 0, photos: 0, other: 0 };
    let photosFetched = 0;
    const pending: Promise<void>[] = [];
    const counting = (response: Response) =>
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const kind = kindOf(response.request().resourceType(), response.url());
          if (kind === "photos") photosFetched += 1;
          gzip[kind]! += gzipSync(body, { level: 9 }).length;
        })(),
      );
    tab.on("response", counting);
    await tab.goto(url, { waitUntil: "networkidle" });
    await Promise.all(pending);
    tab.off("response", counting);
    const approve = tab.locator('input[type="radio"][value="approve"]');
    const lines = await approve.count();
    let problem: string | null = null;
    try {
      for (let index = 0; index < lines; index++) await approve.nth(index).check();
      await tab.locator('input[name="name"]').fill("Jordan Avery");
      await Promise.all([
        tab.waitForLoadState("load"),
        tab.locator('form[method="post"] button[type="submit"]').click(),
      ]);
      await tab.getByText("Your decision was sent").waitFor({ timeout: 15_000 });
    } catch (error) {
      problem = error instanceof Error ? error.message.split("\n")[0]! : String(error);
    }
    return { gzip, photosFetched, lines, decided: problem === null, problem };
  } finally {
    await browser.close();
  }
}
