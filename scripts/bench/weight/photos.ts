// The service page with four photos (issue 38). An owner adds four photos of a phone camera's size
// (drawn by Chromium: a scene with a camera's grain, a few hundred KB each as JPEG) through the
// owners' page with JavaScript on, so the browser makes their smaller copies as an owner's does
// (decision 063). Then a phone (390 × 844 CSS px, three device pixels to one) opens the page for the
// first time, without a session and without scrolling: every byte it downloads until the network is
// idle (bodies and headers: HTML, CSS, images). Target under 200 KB. Nothing is kept in git: the
// photos are drawn afresh on each run.
import { chromium, type Page } from "playwright-core";
import { chromiumArgs, chromiumPath } from "../../../playwright.config.ts";
import { type Check, KB, kb } from "../output.ts";
import { origin } from "../pages.ts";
import { run } from "../server.ts";

const SLUG = "brake-repair";
export const PHOTOS_PAGE = `/services/${SLUG}`;
const TARGET_BYTES = 200 * KB;
const PHONE = { viewport: { width: 390, height: 844 }, deviceScaleFactor: 3, isMobile: true, hasTouch: true };
const owner = { username: "bench-owner", password: "bench owner password, local only" };

export type PhotosPage = {
  uploaded: { alt: string; bytes: number }[];
  photosShown: number;
  withSrcset: number;
  requests: { url: string; type: string; bytes: number }[];
  bytes: number;
};

/** The owner who adds the photos, in the pages' database (before its server starts). */
export function createPhotosOwner(stateDir: string) {
  const args = ["run", "-s", "admin:create", "--", owner.username, "--role", "owner", "--persist-to", stateDir];
  run("npm", args, `${owner.password}\n`);
}

/** A JPEG of `width` × `height` as a phone's camera makes: sky, ground, a few shapes, and grain. */
export async function drawPhoto(page: Page, width: number, height: number, seed: number): Promise<Buffer> {
  const base64 = await page.evaluate(
    async ({ width, height, seed }) => {
      let state = seed * 9973 + 17;
      const random = () => ((state = (state * 16807) % 2147483647) - 1) / 2147483646;
      const canvas = document.createElement("canvas");
      canvas.width = width;
      canvas.height = height;
      const context = canvas.getContext("2d")!;
      const sky = context.createLinearGradient(0, 0, 0, height);
      sky.addColorStop(0, `hsl(${200 + seed * 10} 50% 70%)`);
      sky.addColorStop(0.55, "hsl(210 20% 88%)");
      sky.addColorStop(0.56, "hsl(30 10% 35%)");
      sky.addColorStop(1, "hsl(30 8% 20%)");
      context.fillStyle = sky;
      context.fillRect(0, 0, width, height);
      for (let shape = 0; shape < 40; shape++) {
        const x = random() * width;
        const y = height * (0.3 + random() * 0.6);
        const w = width * (0.05 + random() * 0.25);
        const h = height * (0.03 + random() * 0.2);
        const fill = context.createLinearGradient(x, y, x + w, y + h);
        fill.addColorStop(0, `hsl(${random() * 360} ${30 + random() * 50}% ${20 + random() * 50}%)`);
        fill.addColorStop(1, `hsl(${random() * 360} ${20 + random() * 40}% ${15 + random() * 40}%)`);
        context.fillStyle = fill;
        context.beginPath();
        context.roundRect(x, y, w, h, Math.min(w, h) / 4);
        context.fill();
      }
      // Detail at every scale, as a photo has (leaves, gravel, texture, a sensor's grain): noise
      // drawn small and stretched over the picture, each octave finer and fainter, then fine grain.
      context.globalCompositeOperation = "overlay";
      for (const [cell, alpha] of [
        [96, 0.5],
        [24, 0.45],
        [6, 0.22],
        [2, 0.12],
      ] as const) {
        const noise = document.createElement("canvas");
        noise.width = Math.ceil(width / cell);
        noise.height = Math.ceil(height / cell);
        const noiseContext = noise.getContext("2d")!;
        const cells = noiseContext.createImageData(noise.width, noise.height);
        for (let at = 0; at < cells.data.length; at += 4) {
          const value = random() * 255;
          cells.data.set([value, value, value, 255], at);
        }
        noiseContext.putImageData(cells, 0, 0);
        context.globalAlpha = alpha;
        context.drawImage(noise, 0, 0, width, height);
      }
      context.globalCompositeOperation = "source-over";
      context.globalAlpha = 1;
      const pixels = context.getImageData(0, 0, width, height);
      const data = pixels.data;
      for (let at = 0; at < data.length; at += 4) {
        const grain = (random() - 0.5) * 8;
        data[at] = data[at]! + grain;
        data[at + 1] = data[at + 1]! + grain;
        data[at + 2] = data[at + 2]! + grain;
      }
      context.putImageData(pixels, 0, 0);
      const blob = await new Promise<Blob>((resolve) => canvas.toBlob((made) => resolve(made!), "image/jpeg", 0.85));
      const bytes = new Uint8Array(await blob.arrayBuffer());
      let binary = "";
      for (let at = 0; at < bytes.length; at += 0x8000) {
        binary += String.fromCharCode(...bytes.subarray(at, at + 0x8000));
      }
      return btoa(binary);
    },
    { width, height, seed },
  );
  return Buffer.from(base64, "base64");
}

const ALTS = ["The brake lathe in bay two", "New pads and rotors", "A caliper taken apart", "Brake fluid being bled"];

/** Adds four photos as the owner (JavaScript on), then loads the page as a phone's first view. */
export async function measurePhotosPage(): Promise<PhotosPage> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumArgs });
  try {
    const ownerContext = await browser.newContext();
    const tab = await ownerContext.newPage();
    await tab.goto(`${origin}/login`);
    await tab.getByLabel("Username").fill(owner.username);
    await tab.getByLabel(/^Password/).fill(owner.password);
    await tab.getByRole("button", { name: "Sign In", exact: true }).click();
    await tab.waitForURL(/\/incoming$/);
    const uploaded: PhotosPage["uploaded"] = [];
    for (const [index, alt] of ALTS.entries()) {
      // Landscape and portrait, as a phone takes them (12 MP and a little less).
      const [width, height] = index === 2 ? [2268, 3024] : [3024, 2268];
      const photo = await drawPhoto(tab, width, height, index + 1);
      await tab.goto(`${origin}/incoming/settings/services/${SLUG}`, { waitUntil: "networkidle" });
      const form = tab.getByRole("region", { name: "Photos" });
      await form.getByLabel("Photo", { exact: true }).setInputFiles({
        name: `IMG_${1000 + index}.jpg`,
        mimeType: "image/jpeg",
        buffer: photo,
      });
      await form.getByLabel("What it shows").fill(alt);
      await form.getByRole("button", { name: "Add the photo" }).click();
      await tab.getByRole("img", { name: alt }).waitFor({ timeout: 60_000 });
      uploaded.push({ alt, bytes: photo.length });
    }
    await ownerContext.close();

    const phone = await browser.newContext(PHONE);
    const page = await phone.newPage();
    const requests: PhotosPage["requests"] = [];
    const pending: Promise<void>[] = [];
    page.on("response", (response) => {
      pending.push(
        (async () => {
          await response.finished();
          const sizes = await response.request().sizes();
          requests.push({
            url: response.url().replace(origin, ""),
            type: response.request().resourceType(),
            bytes: sizes.responseBodySize + sizes.responseHeadersSize,
          });
        })(),
      );
    });
    await page.goto(origin + PHOTOS_PAGE, { waitUntil: "networkidle" });
    await Promise.all(pending);
    const shown = await page
      .getByRole("region", { name: /^Photos:/ })
      .locator("img")
      .evaluateAll((images) => images.map((image) => image.hasAttribute("srcset")));
    await phone.close();
    return {
      uploaded,
      photosShown: shown.length,
      withSrcset: shown.filter(Boolean).length,
      requests,
      bytes: requests.reduce((sum, request) => sum + request.bytes, 0),
    };
  } finally {
    await browser.close();
  }
}

export function photosDetails(result: PhotosPage): string[] {
  const photos = result.uploaded.map((photo) => `${kb(photo.bytes)}`).join(", ");
  return [
    `A service page with 4 photos (${PHOTOS_PAGE}; uploaded with JavaScript: ${photos} KB), a phone's first view (390 px, DPR 3)`,
    ...result.requests.map(
      (request) => `  ${request.type.padEnd(10)} ${kb(request.bytes).padStart(7)} KB  ${request.url}`,
    ),
    `  total      ${kb(result.bytes).padStart(7)} KB in ${result.requests.length} requests`,
  ];
}

export function photosChecks(result: PhotosPage): Check[] {
  return [
    {
      ok: result.photosShown === 4 && result.withSrcset === 4,
      line: `${PHOTOS_PAGE}: ${result.photosShown} photos shown, ${result.withSrcset} with srcset (target: 4 and 4)`,
    },
    {
      ok: result.bytes < TARGET_BYTES,
      line: `${PHOTOS_PAGE} with 4 photos: a phone's first view ${kb(result.bytes)} KB (target < ${kb(TARGET_BYTES)})`,
    },
  ];
}
