// The weight part: the bytes of a first visit to each page, as a fresh Chromium loads it (sent,
// and gzip -9), and the targets on scripts, styles and the home page's HTML.
import { gzipSync } from "node:zlib";
import { chromium } from "playwright-core";
import { chromiumArgs as chromiumFlags, chromiumPath } from "../../../playwright.config.ts";
import { type Check, KB, kb } from "../output.ts";
import { origin, pages, STAFF_LOGIN } from "../pages.ts";

const TARGETS = {
  formPageJsGzip: 125 * KB,
  ownJsGzip: 20 * KB,
  cssGzip: 15 * KB,
  homeHtmlGzip: 30 * KB,
};

export type Weight = { requests: number; sent: Record<string, number>; gzip: Record<string, number> };
export type PageWeights = {
  weights: Record<string, Weight>;
  jsFiles: Record<string, { url: string; gzip: number }[]>;
};

const KINDS = ["html", "css", "js", "images", "other"] as const;

function kindOf(resourceType: string): (typeof KINDS)[number] {
  if (resourceType === "document") return "html";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "script") return "js";
  if (resourceType === "image") return "images";
  return "other";
}

export async function measureWeights(): Promise<PageWeights> {
  const browser = await chromium.launch({ executablePath: chromiumPath, args: chromiumFlags });
  const weights: Record<string, Weight> = {};
  const jsFiles: Record<string, { url: string; gzip: number }[]> = {};
  for (const page of pages) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const tab = await context.newPage();
    const weight: Weight = {
      requests: 0,
      sent: Object.fromEntries(KINDS.map((kind) => [kind, 0])),
      gzip: Object.fromEntries(KINDS.map((kind) => [kind, 0])),
    };
    const pending: Promise<void>[] = [];
    jsFiles[page.name] = [];
    tab.on("response", (response) => {
      pending.push(
        (async () => {
          const body = await response.body().catch(() => Buffer.alloc(0));
          const sizes = await response.request().sizes();
          const kind = kindOf(response.request().resourceType());
          const gzip = gzipSync(body, { level: 9 }).length;
          weight.requests += 1;
          weight.sent[kind]! += sizes.responseBodySize;
          weight.gzip[kind]! += gzip;
          if (kind === "js") jsFiles[page.name]!.push({ url: response.url(), gzip });
        })(),
      );
    });
    await tab.goto(origin + page.path, { waitUntil: "networkidle" });
    await Promise.all(pending);
    weights[page.name] = weight;
    await context.close();
  }
  await browser.close();
  return { weights, jsFiles };
}

// Framework chunks are split out by name in vite.config.ts; everything else is the product's.
const isFrameworkChunk = (url: string) => /\/assets\/framework-[^/]+\.js$/.test(url);

export function weightDetails({ weights }: PageWeights): string[] {
  const lines = [
    "Page weight (KB; sent = as the local server sends it, gz = gzip -9)",
    "page          reqs  html sent/gz   css sent/gz    js sent/gz      img sent/gz",
  ];
  for (const page of pages) {
    const w = weights[page.name]!;
    const cell = (kind: string) => `${kb(w.sent[kind]!)}/${kb(w.gzip[kind]!)}`.padEnd(15);
    lines.push(
      `${page.name.padEnd(13)} ${String(w.requests).padStart(4)}  ${cell("html")}${cell("css")}${cell("js")}${cell("images")}`,
    );
  }
  return lines;
}

export function weightChecks({ weights, jsFiles }: PageWeights): Check[] {
  const checks: Check[] = [];
  const check = (ok: boolean, line: string, timing = false) => checks.push({ ok, line, timing });
  for (const page of pages) {
    const w = weights[page.name]!;
    const js = jsFiles[page.name]!;
    if (!page.hasForm) {
      check(js.length === 0, `${page.path}: ${js.length} scripts, ${kb(w.gzip.js!)} KB JS (target: none)`);
    } else {
      check(
        w.gzip.js! <= TARGETS.formPageJsGzip,
        `${page.path}: JS ${kb(w.gzip.js!)} KB gzip (target <= ${kb(TARGETS.formPageJsGzip)})`,
      );
    }
    // The sign-in page's own code (its form, the passkey button) has no target of its own beyond the budget.
    if (page.hasForm && page.path !== STAFF_LOGIN) {
      const own = js.filter((file) => !isFrameworkChunk(file.url)).reduce((sum, file) => sum + file.gzip, 0);
      check(
        own <= TARGETS.ownJsGzip,
        `${page.path}: product code and other libraries ${kb(own)} KB gzip (target <= ${kb(TARGETS.ownJsGzip)})`,
      );
    }
    check(
      w.gzip.css! <= TARGETS.cssGzip,
      `${page.path}: CSS ${kb(w.gzip.css!)} KB gzip (target <= ${kb(TARGETS.cssGzip)})`,
    );
  }
  check(
    weights.home!.gzip.html! <= TARGETS.homeHtmlGzip,
    `/: HTML ${kb(weights.home!.gzip.html!)} KB gzip (target <= ${kb(TARGETS.homeHtmlGzip)})`,
  );
  return checks;
}
