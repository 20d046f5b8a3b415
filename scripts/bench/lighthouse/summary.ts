// What the lighthouse part's runs add up to: one row per page (medians and spreads, the best-run
// LCP ratio), its printed figures, its targets, and the table for docs/performance.md.
import {
  type AuditRun,
  bestRunRatio,
  LCP_RATIO_TARGET,
  LIGHTHOUSE_ROUNDS,
  type LighthouseResult,
} from "./lighthouse.ts";
import { type Check, kb, ms, spreadText } from "../output.ts";
import { type BenchPage, pages, STAFF_LOGIN } from "../pages.ts";
import { median, type Spread, spread } from "../stats.ts";
import type { PageWeights } from "../weight/pages.ts";

export type LighthouseRow = {
  page: BenchPage;
  audit: AuditRun;
  lcp: { page: Spread; twin: Spread };
  ratio: number;
  runs: number;
  medianRatio: number;
  performance: { median: number; lowest: number; highest: number };
  fcp: Spread;
  tbt: Spread;
  cls: number;
  renderBlocking: string[];
};

export function lighthouseRows(results: Record<string, LighthouseResult>): LighthouseRow[] {
  return pages.map((page) => {
    const result = results[page.path]!;
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
  });
}

export function lighthouseDetails(rows: LighthouseRow[]): string[] {
  const lines = [
    `Lighthouse mobile, ${LIGHTHOUSE_ROUNDS} or more interleaved runs of each page and its twin: median (best-worst); LCP ratio of the best runs (of the medians)`,
    "page                       perf         LCP ms            FCP ms            TBT | twin LCP ms       ratio",
  ];
  for (const row of rows) {
    const perf = `${row.performance.median} (${row.performance.lowest}-${row.performance.highest})`;
    lines.push(
      `${row.page.path.padEnd(26)} ${perf.padEnd(12)} ${spreadText(row.lcp.page).padEnd(17)} ${spreadText(row.fcp).padEnd(17)} ${ms(row.tbt.median).padStart(3)} | ${spreadText(row.lcp.twin).padEnd(17)} ${row.ratio.toFixed(3)} (${row.medianRatio.toFixed(3)})`,
    );
  }
  return lines;
}

export function lighthouseChecks(rows: LighthouseRow[]): Check[] {
  const checks: Check[] = [];
  const check = (ok: boolean, line: string, timing = false) => checks.push({ ok, line, timing });
  for (const row of rows) {
    const { page, audit } = row;
    check(
      audit.accessibility === 100 && audit.bestPractices === 100,
      `${page.path}: Lighthouse accessibility ${audit.accessibility}, best practices ${audit.bestPractices} (target 100)`,
    );
    if (page.path === STAFF_LOGIN) {
      // Kept out of search on purpose (noindex, and disallowed in robots.txt, like every staff
      // path), so Lighthouse's is-crawlable audit must fail; every other SEO audit must pass.
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
      row.ratio <= LCP_RATIO_TARGET,
      `${page.path}: LCP page/twin ${row.ratio.toFixed(3)}, best of ${row.runs} runs ${ms(row.lcp.page.best)}/${ms(row.lcp.twin.best)} ms, medians ${ms(row.lcp.page.median)}/${ms(row.lcp.twin.median)} ms (target <= ${LCP_RATIO_TARGET})`,
      true,
    );
  }
  return checks;
}

/** The latest run's table in docs/performance.md: each page's weight and its Lighthouse figures. */
export function performanceTable(rows: LighthouseRow[], { weights }: PageWeights): string[] {
  const lines = [
    "",
    `For docs/performance.md (Lighthouse: median of the runs; LCP: median (best-worst) of page and twin, ratio of the best runs):`,
    "",
    "| page | requests | HTML gz | CSS gz | JS gz | Lighthouse perf / a11y / bp / SEO | LCP page / twin (ms) | ratio |",
    "| --- | --- | --- | --- | --- | --- | --- | --- |",
  ];
  for (const row of rows) {
    const w = weights[row.page.name]!;
    lines.push(
      `| \`${row.page.path}\` | ${w.requests} | ${kb(w.gzip.html!)} KB | ${kb(w.gzip.css!)} KB | ${w.gzip.js ? `${kb(w.gzip.js)} KB` : "0"} | ${row.performance.median} / ${row.audit.accessibility} / ${row.audit.bestPractices} / ${row.audit.seo} | ${spreadText(row.lcp.page)} / ${spreadText(row.lcp.twin)} | ${row.ratio.toFixed(3)} |`,
    );
  }
  return lines;
}
