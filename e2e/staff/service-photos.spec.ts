import AxeBuilder from "@axe-core/playwright";
import type { Page } from "@playwright/test";
import { expect, expectToast, openPage, staffAccount, test } from "../fixtures";

// A service's photos (issue 38): the owner adds one with its alt text from the service's page (a
// plain multipart form, with JavaScript and without), the service's page shows them at a phone's and
// a desktop's width without scrolling sideways, and the owner removes them again. With JavaScript,
// the owner's browser makes the photo's smaller copies and the page offers them (decision 063). The transmission
// service is the one no other spec reads the page of.

const SLUG = "transmission-service";

/** A real JPEG of `width` × `height`, drawn by the browser (a gradient, a label, and a photo's grain). */
async function jpegDrawnBy(page: Page, width: number, height: number, label: string): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, label }) => {
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      const gradient = context.createLinearGradient(0, 0, width, height);
      gradient.addColorStop(0, "#1e3a8a");
      gradient.addColorStop(1, "#94a3b8");
      context.fillStyle = gradient;
      context.fillRect(0, 0, width, height);
      context.fillStyle = "#fff";
      context.font = `${Math.round(height / 8)}px sans-serif`;
      context.fillText(label, width / 12, height / 2);
      // A camera's grain, so that it weighs what a photo does and its smaller copies are lighter.
      const pixels = context.getImageData(0, 0, width, height);
      for (let at = 0; at < pixels.data.length; at += 4) {
        const grain = (Math.random() - 0.5) * 40;
        for (let channel = 0; channel < 3; channel++) pixels.data[at + channel]! += grain;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), "image/jpeg", 0.8));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (const byte of bytes) binary += String.fromCharCode(byte);
      return btoa(binary);
    },
    { width, height, label },
  );
  return Buffer.from(base64, "base64");
}

test("the owner adds photos with and without JavaScript, the service's page shows them, and removes them", async ({
  browser,
}) => {
  // Two sign-ins, two uploads, two widths with axe, and the removals: more than the default 30 s on a busy machine.
  test.setTimeout(120_000);
  // The first added without JavaScript (kept alone), the second with it (its copies 480 and 960 wide).
  const added: { alt: string; width: number; height: number; copies: number[] }[] = [
    { alt: "A gearbox on the bench", width: 1600, height: 1000, copies: [] },
    { alt: "Fluid being drained", width: 1200, height: 900, copies: [480, 960] },
  ];
  const drawing = await browser.newContext();
  const canvas = await drawing.newPage();
  const files = [];
  for (const photo of added) files.push(await jpegDrawnBy(canvas, photo.width, photo.height, photo.alt));
  await drawing.close();

  for (const [index, javaScriptEnabled] of [false, true].entries()) {
    const context = await browser.newContext({ javaScriptEnabled });
    const page = await context.newPage();
    await logIn(page);
    const photo = added[index]!;
    await openPage(page, `/incoming/settings/services/${SLUG}`, javaScriptEnabled);
    const form = page.getByRole("region", { name: "Photos" });
    await form
      .getByLabel("Photo", { exact: true })
      .setInputFiles({ name: "IMG_0042.jpg", mimeType: "image/jpeg", buffer: files[index]! });
    await form.getByLabel("What it shows").fill(photo.alt);
    await form.getByRole("button", { name: "Add the photo" }).click();
    await expectToast(page, javaScriptEnabled, "shows it on its page within a minute");
    await expect(page.getByRole("img", { name: photo.alt })).toBeVisible();
    await context.close();
  }

  for (const viewport of [
    { width: 390, height: 844 },
    { width: 1280, height: 900 },
  ]) {
    const context = await browser.newContext({ viewport });
    const page = await context.newPage();
    // A session skips the page cache: the photos show at once.
    await logIn(page);
    await page.goto(`/services/${SLUG}`);
    for (const photo of added) {
      const image = page.getByRole("img", { name: photo.alt });
      await image.scrollIntoViewIfNeeded();
      await expect(image).toHaveAttribute("width", String(photo.width));
      await expect(image).toHaveAttribute("height", String(photo.height));
      await expect.poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth)).toBeTruthy();
      const shown = await image.evaluate((img: HTMLImageElement) => ({ url: img.currentSrc, width: img.naturalWidth }));
      if (photo.copies.length === 0) {
        await expect(image).not.toHaveAttribute("srcset");
        expect(shown.width).toBe(photo.width);
      } else {
        // Each copy is there, lighter than the photo; the page offers them, and this screen (a box
        // under 400 px, one device pixel to a CSS pixel) loads the narrowest.
        const srcset = (await image.getAttribute("srcset")) ?? "";
        const urls = srcset.split(", ").map((candidate) => candidate.split(" ")[0]!);
        expect(srcset.split(", ").map((candidate) => candidate.split(" ")[1])).toEqual(
          photo.copies.map((w) => `${w}w`),
        );
        for (const [index, url] of urls.entries()) {
          const copy = await page.request.get(url);
          expect(copy.status()).toBe(200);
          expect(copy.headers()["content-type"]).toBe("image/webp");
          expect(copy.headers()["cache-control"]).toContain("immutable");
          expect((await copy.body()).length).toBeLessThan(files[1]!.length);
          expect(urls[index]).toContain(`?w=${photo.copies[index]}`);
        }
        expect(shown.url).toContain("?w=480");
      }
      const box = (await image.boundingBox())!;
      expect(box.width / box.height).toBeCloseTo(photo.width / photo.height, 1);
    }
    const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
    expect(scrollWidth).toBeLessThanOrEqual(viewport.width);
    const results = await new AxeBuilder({ page }).analyze();
    expect(results.violations.map((violation) => violation.id)).toEqual([]);
    if (process.env.E2E_SCREENSHOTS) {
      await page.screenshot({
        path: `${process.env.E2E_SCREENSHOTS}/service-photos-${viewport.width}.png`,
        fullPage: true,
      });
    }
    await context.close();
  }

  const context = await browser.newContext({ javaScriptEnabled: false });
  const page = await context.newPage();
  await logIn(page);
  await page.goto(`/incoming/settings/services/${SLUG}`);
  for (const photo of added) {
    await page.getByRole("button", { name: `Remove the photo “${photo.alt}”` }).click();
    await expectToast(page, false, "The photo is off");
  }
  await page.goto(`/services/${SLUG}`);
  await expect(page.getByRole("img", { name: added[0]!.alt })).toHaveCount(0);
  await context.close();
});

async function logIn(page: Page) {
  await page.goto("/login");
  await page.getByLabel("Username").fill(staffAccount.username);
  await page.getByLabel(/^Password/).fill(staffAccount.password);
  await page.getByRole("button", { name: "Sign In", exact: true }).click();
  await expect(page).toHaveURL(/\/incoming$/);
}
