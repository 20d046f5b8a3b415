// npm run bench: builds, serves the production build locally (as `npm start` does, with its own
// throwaway D1/KV state), then measures page weight, Lighthouse (mobile) for each page and its
// script-free static twin, server throughput against the twin, and a submission load.
// Prints one table and pass/fail lines; writes the figures to bench/results/. Exits 1 if a
// target fails. Needs Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium).
import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { mkdirSync, readdirSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumArgs as chromiumFlags, chromiumPath } from "../playwright.config.ts";
import { benchNotifications } from "./bench-notifications.ts";

const root = path.resolve(import.meta.dirname, "..");
const port = Number(process.env.BENCH_PORT ?? 8790);
const origin = `http://localhost:${port}`;
const stateDir = ".wrangler/bench-state";
const twinDir = path.join(root, "build/client/__twin");
const quietEnv = { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false", CI: "true" };

const pages = [
  { path: "/", name: "home", hasForm: true },
  { path: "/services", name: "services", hasForm: false },
  { path: "/services/oil-change", name: "oil-change", hasForm: false },
  { path: "/about", name: "about", hasForm: false },
  { path: "/contact", name: "contact", hasForm: true },
  { path: "/areas/towson-auto-repair", name: "towson", hasForm: false },
  { path: "/login", name: "login", hasForm: true },
] as const;
type BenchPage = (typeof pages)[number];
const STAFF_LOGIN = "/login";

const KB = 1024;
const TARGETS = {
  formPageJsGzip: 125 * KB,
  ownJsGzip: 20 * KB,
  cssGzip: 15 * KB,
  homeHtmlGzip: 30 * KB,
  lcpRatio: 1.05,
  rpsRatio: 0.5,
  submissions: 500,
};

// ---------------------------------------------------------------------------------------------
// Server

function run(command: string, args: string[]) {
  execFileSync(command, args, { cwd: root, stdio: ["ignore", "ignore", "inherit"], env: quietEnv });
}

async function startServer(): Promise<ChildProcess> {
  const server = spawn("npx", ["wrangler", "dev", "--port", String(port), "--persist-to", stateDir], {
    cwd: root,
    env: quietEnv,
    stdio: "ignore",
    detached: true,
  });
  for (let attempt = 0; attempt < 120; attempt++) {
    try {
      if ((await fetch(`${origin}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopServer(server);
  throw new Error(`The local server did not answer on ${origin} within 30 s`);
}

function stopServer(server: ChildProcess) {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // stopped already
  }
}

// ---------------------------------------------------------------------------------------------
// Static twins: the page's own server-rendered HTML with every script removed.

async function writeTwins() {
  rmSync(twinDir, { recursive: true, force: true });
  mkdirSync(twinDir, { recursive: true });
  for (const page of pages) {
    const html = await (await fetch(origin + page.path)).text();
    const twin = html
      .replace(/<script\b[^>]*>[\s\S]*?<\/script>/gi, "")
      .replace(/<link\b[^>]*rel="modulepreload"[^>]*>/gi, "");
    writeFileSync(path.join(twinDir, `${page.name}.html`), twin);
  }
}

const twinPath = (page: BenchPage) => `/__twin/${page.name}`;

// ---------------------------------------------------------------------------------------------
// Bytes for a first visit, as a fresh browser loads the page.

type Weight = { requests: number; sent: Record<string, number>; gzip: Record<string, number> };
const KINDS = ["html", "css", "js", "images", "other"] as const;

function kindOf(resourceType: string): (typeof KINDS)[number] {
  if (resourceType === "document") return "html";
  if (resourceType === "stylesheet") return "css";
  if (resourceType === "script") return "js";
  if (resourceType === "image") return "images";
  return "other";
}

async function measureWeights() {
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

// ---------------------------------------------------------------------------------------------
// Lighthouse, mobile (its default configuration), one run per page and per twin.

type LighthouseFigures = {
  performance: number;
  accessibility: number;
  bestPractices: number;
  seo: number;
  lcp: number;
  tbt: number;
  cls: number;
  renderBlocking: string[];
  auditsBelowFullScore: string[];
  seoAuditsBelowFullScore: string[];
};

// Lighthouse's simulated LCP moves by several percent between runs of the same page, more
// than the 5% that separates a pass from a fail on the page/twin ratio: each URL is measured
// LIGHTHOUSE_RUNS times, interleaved, and judged on the median (performance also on its worst run).
const LIGHTHOUSE_RUNS = 3;

type LighthouseSummary = LighthouseFigures & { worstPerformance: number; runs: LighthouseFigures[] };

const median = (values: number[]) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)]!;

async function runLighthouse(urls: string[]): Promise<Record<string, LighthouseSummary>> {
  const runs: Record<string, LighthouseFigures[]> = Object.fromEntries(urls.map((url) => [url, []]));
  for (let run = 0; run < LIGHTHOUSE_RUNS; run++) {
    const results = await runLighthouseOnce(urls);
    for (const url of urls) runs[url]!.push(results[url]!);
  }
  return Object.fromEntries(
    urls.map((url) => {
      const all = runs[url]!;
      const byLcp = [...all].sort((a, b) => a.lcp - b.lcp);
      const typical = byLcp[Math.floor(byLcp.length / 2)]!;
      return [
        url,
        {
          ...typical,
          performance: median(all.map((r) => r.performance)),
          accessibility: Math.min(...all.map((r) => r.accessibility)),
          bestPractices: Math.min(...all.map((r) => r.bestPractices)),
          seo: Math.min(...all.map((r) => r.seo)),
          lcp: median(all.map((r) => r.lcp)),
          tbt: median(all.map((r) => r.tbt)),
          cls: Math.max(...all.map((r) => r.cls)),
          renderBlocking: [...new Set(all.flatMap((r) => r.renderBlocking))],
          auditsBelowFullScore: [...new Set(all.flatMap((r) => r.auditsBelowFullScore))],
          seoAuditsBelowFullScore: [...new Set(all.flatMap((r) => r.seoAuditsBelowFullScore))],
          worstPerformance: Math.min(...all.map((r) => r.performance)),
          runs: all,
        },
      ];
    }),
  );
}

async function runLighthouseOnce(urls: string[]) {
  const chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const results: Record<string, LighthouseFigures> = {};
  try {
    for (const url of urls) {
      const result = await lighthouse(url, {
        port: chrome.port,
        logLevel: "error",
        output: "json",
        onlyCategories: ["performance", "accessibility", "best-practices", "seo"],
      });
      if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
      const { categories, audits } = result.lhr;
      const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
      const blocking =
        (audits["render-blocking-resources"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
      const belowFullScore = (refs: { id: string; weight: number }[]) =>
        refs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
      results[url] = {
        performance: score("performance"),
        accessibility: score("accessibility"),
        bestPractices: score("best-practices"),
        seo: score("seo"),
        lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
        tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
        cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
        renderBlocking: blocking.map((item) => item.url),
        auditsBelowFullScore: [
          ...new Set(belowFullScore(Object.values(categories).flatMap((category) => category.auditRefs))),
        ],
        seoAuditsBelowFullScore: belowFullScore(categories.seo?.auditRefs ?? []),
      };
      const below = results[url].auditsBelowFullScore;
      if (below.length) console.log(`  ${url}: audits below full score: ${below.join(", ")}`);
    }
  } finally {
    chrome.kill();
  }
  return results;
}

// ---------------------------------------------------------------------------------------------
// Throughput, from a second process (autocannon's CLI).

type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  non2xx: number;
  "5xx"?: number;
};

function autocannon(args: string[]): Cannon {
  const output = execFileSync(path.join(root, "node_modules/.bin/autocannon"), ["--json", ...args], {
    cwd: root,
    env: quietEnv,
    stdio: ["ignore", "pipe", "ignore"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString()) as Cannon;
}

function d1Rows(table: string): number {
  const dir = path.join(root, stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error("No local D1 database found");
  const db = new DatabaseSync(path.join(dir, file), { readOnly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)}`;

async function main() {
  const startedAt = new Date();
  console.log("Building…");
  run("npm", ["run", "-s", "setup:local"]);
  run("npm", ["run", "-s", "build"]);
  rmSync(path.join(root, stateDir), { recursive: true, force: true });
  run("npx", [
    "wrangler",
    "d1",
    "migrations",
    "apply",
    "DB",
    "--local",
    "--config",
    "wrangler.toml",
    "--persist-to",
    stateDir,
  ]);

  console.log("Rendering static twins…");
  let server = await startServer();
  await writeTwins();
  stopServer(server);
  server = await startServer();

  const checks: { ok: boolean; line: string }[] = [];
  const check = (ok: boolean, line: string) => checks.push({ ok, line });

  try {
    console.log("Measuring page weight…");
    const { weights, jsFiles } = await measureWeights();

    console.log(`Running Lighthouse (mobile) ${LIGHTHOUSE_RUNS} times on each page and its twin…`);
    const lighthouseResults = await runLighthouse(
      pages.flatMap((page) => [origin + page.path, origin + twinPath(page)]),
    );

    console.log("Measuring throughput…");
    autocannon(["-c", "10", "-d", "2", `${origin}/`]); // warm-up
    const workerRun = autocannon(["-c", "10", "-d", "8", `${origin}/`]);
    const twinRun = autocannon(["-c", "10", "-d", "8", `${origin}${twinPath(pages[0])}`]);

    console.log("Submitting 500 contact messages…");
    const rowsBefore = d1Rows("contact_submissions");
    const body = JSON.stringify({
      firstName: "Bench",
      lastName: "Mark",
      email: "bench@example.com",
      phone: "(410) 555-0100",
      message: "Load test message from npm run bench.",
    });
    const submissionRun = autocannon([
      "-a",
      String(TARGETS.submissions),
      "-c",
      "25",
      "-m",
      "POST",
      "-H",
      "Content-Type=application/json",
      "-b",
      body,
      `${origin}/api/contact`,
    ]);
    const created = submissionRun.statusCodeStats?.["201"]?.count ?? 0;
    const serverErrors = Object.entries(submissionRun.statusCodeStats ?? {})
      .filter(([code]) => code.startsWith("5"))
      .reduce((sum, [, stat]) => sum + stat.count, 0);
    const rowsAdded = d1Rows("contact_submissions") - rowsBefore;

    // Servers of their own (this port and the next), with the notifications on, off and failing.
    stopServer(server);
    const notifications = await benchNotifications(port);

    // ------------------------------------------------------------------ table
    console.log("");
    console.log("Page weight (KB; sent = as the local server sends it, gz = gzip -9)");
    console.log("page          reqs  html sent/gz   css sent/gz    js sent/gz      img sent/gz");
    for (const page of pages) {
      const w = weights[page.name]!;
      const cell = (kind: string) => `${kb(w.sent[kind]!)}/${kb(w.gzip[kind]!)}`.padEnd(15);
      console.log(
        `${page.name.padEnd(13)} ${String(w.requests).padStart(4)}  ${cell("html")}${cell("css")}${cell("js")}${cell("images")}`,
      );
    }
    console.log("");
    console.log(`Lighthouse mobile, median of ${LIGHTHOUSE_RUNS} runs (a11y, bp, SEO: worst run; CLS: largest)`);
    console.log(
      "page                   perf  a11y  bp   seo   LCP ms   TBT ms  CLS    | twin perf  LCP ms   LCP ratio",
    );
    const lighthouseRows = pages.map((page) => {
      const real = lighthouseResults[origin + page.path]!;
      const twin = lighthouseResults[origin + twinPath(page)]!;
      const ratio = real.lcp / twin.lcp;
      console.log(
        `${page.path.padEnd(22)} ${String(real.performance).padStart(4)}  ${String(real.accessibility).padStart(4)}  ${String(real.bestPractices).padStart(3)}  ${String(real.seo).padStart(4)}  ${real.lcp.toFixed(0).padStart(6)}  ${real.tbt.toFixed(0).padStart(6)}  ${real.cls.toFixed(3)}  | ${String(twin.performance).padStart(9)}  ${twin.lcp.toFixed(0).padStart(6)}  ${ratio.toFixed(3).padStart(9)}`,
      );
      return { page, real, twin, ratio };
    });
    const rpsRatio = workerRun.requests.average / twinRun.requests.average;
    console.log("");
    console.log("Throughput (autocannon, 10 connections, 8 s)   req/s     p50 ms  p99 ms");
    console.log(
      `Worker-rendered /                              ${workerRun.requests.average.toFixed(0).padStart(6)}  ${String(workerRun.latency.p50).padStart(8)}  ${String(workerRun.latency.p99).padStart(6)}`,
    );
    console.log(
      `Static twin of / (asset)                       ${twinRun.requests.average.toFixed(0).padStart(6)}  ${String(twinRun.latency.p50).padStart(8)}  ${String(twinRun.latency.p99).padStart(6)}`,
    );
    console.log(`Ratio Worker/twin                              ${rpsRatio.toFixed(2)}`);
    console.log("");
    console.log(
      `Submissions: ${TARGETS.submissions} POST /api/contact at concurrency 25: ${submissionRun.requests.average.toFixed(0)} req/s, ${created} × 201, ${serverErrors} × 5xx, ${submissionRun.errors} connection errors, ${rowsAdded} rows added to D1`,
    );
    console.log("");
    console.log("Notifications");
    for (const line of notifications.lines) console.log(line);

    // ------------------------------------------------------------------ targets
    for (const { page, real, ratio } of lighthouseRows) {
      check(
        real.accessibility === 100 && real.bestPractices === 100,
        `${page.path}: Lighthouse accessibility ${real.accessibility}, best practices ${real.bestPractices} (target 100)`,
      );
      if (page.path === STAFF_LOGIN) {
        // Kept out of search on purpose (noindex, and robots.txt disallows it as the brief asks), so
        // Lighthouse's is-crawlable audit must fail; every other SEO audit must pass.
        const others = real.seoAuditsBelowFullScore.filter((id) => id !== "is-crawlable");
        check(
          others.length === 0 && real.seoAuditsBelowFullScore.includes("is-crawlable"),
          `${page.path}: Lighthouse SEO ${real.seo}: every audit passes except is-crawlable, by design (staff page: noindex, disallowed in robots.txt)${others.length ? `; also failing: ${others.join(", ")}` : ""}`,
        );
      } else {
        check(real.seo === 100, `${page.path}: Lighthouse SEO ${real.seo} (target 100)`);
      }
      check(
        real.performance === 100 && real.worstPerformance >= 95,
        `${page.path}: Lighthouse performance ${real.performance}, worst of ${LIGHTHOUSE_RUNS} runs ${real.worstPerformance} (target 100, never below 95)`,
      );
      check(real.cls === 0, `${page.path}: CLS ${real.cls} (target 0)`);
      const blocking = real.renderBlocking.filter((url) => !url.endsWith(".css"));
      check(
        real.renderBlocking.length <= 1 && blocking.length === 0,
        `${page.path}: render-blocking requests ${real.renderBlocking.length} (target: only the stylesheet)`,
      );
      check(
        ratio <= TARGETS.lcpRatio,
        `${page.path}: LCP page/twin ${ratio.toFixed(3)} (target <= ${TARGETS.lcpRatio})`,
      );
    }
    for (const page of pages) {
      const w = weights[page.name]!;
      const js = jsFiles[page.name]!;
      if (!page.hasForm) {
        check(js.length === 0, `${page.path}: ${js.length} scripts, ${kb(w.gzip.js!)} KB JS (target: none)`);
      } else if (page.path !== STAFF_LOGIN) {
        const own = js.filter((file) => !isFrameworkChunk(file.url)).reduce((sum, file) => sum + file.gzip, 0);
        check(
          w.gzip.js! <= TARGETS.formPageJsGzip,
          `${page.path}: JS ${kb(w.gzip.js!)} KB gzip (target <= ${kb(TARGETS.formPageJsGzip)})`,
        );
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
    check(
      rpsRatio >= TARGETS.rpsRatio,
      `/: Worker ${workerRun.requests.average.toFixed(0)} req/s vs twin ${twinRun.requests.average.toFixed(0)} req/s, ratio ${rpsRatio.toFixed(2)} (target >= ${TARGETS.rpsRatio})`,
    );
    check(
      created === TARGETS.submissions && rowsAdded === created && serverErrors === 0,
      `submissions: ${created}/${TARGETS.submissions} stored (201), ${rowsAdded} rows, ${serverErrors} × 5xx (target: all stored, rows = 201s, no 5xx)`,
    );

    checks.push(...notifications.checks);

    console.log("");
    for (const { ok, line } of checks) console.log(`${ok ? "PASS" : "FAIL"} ${line}`);

    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const report = {
      startedAt,
      weights,
      jsFiles,
      lighthouse: lighthouseResults,
      throughput: { worker: workerRun, twin: twinRun, ratio: rpsRatio },
      submissions: { created, serverErrors, rowsAdded, requestsPerSecond: submissionRun.requests.average },
      notifications: notifications.report,
      checks,
    };
    const json = JSON.stringify(report, null, 2);
    writeFileSync(path.join(root, "bench/results", `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`), json);
    writeFileSync(path.join(root, "bench/results/latest.json"), json);
  } finally {
    stopServer(server);
    rmSync(twinDir, { recursive: true, force: true });
  }
  const failed = checks.filter((c) => !c.ok).length;
  console.log(failed ? `\n${failed} target(s) missed.` : "\nAll targets met.");
  process.exitCode = failed ? 1 : 0;
}

await main();
