// How the bench prints and keeps its figures: units, elapsed time, the targets' PASS/FAIL lines
// (with a note when the machine was too busy to judge a timing), and the JSON report.
import { mkdirSync, writeFileSync } from "node:fs";
import { availableParallelism } from "node:os";
import path from "node:path";
import { projectRoot } from "./server.ts";
import type { Spread } from "./stats.ts";

export const KB = 1024;

/**
 * A target's verdict; `timing`: one a busy machine can fail, which its FAIL line then says;
 * `rerun`: measures a missed timing again, at the end of the bench, before it counts as failed.
 */
export type Check = { ok: boolean; line: string; timing?: boolean; rerun?: () => Check | Promise<Check> };

export const kb = (bytes: number) => `${(bytes / KB).toFixed(1)}`;
export const ms = (value: number) => value.toFixed(0);
export const spreadText = (s: Spread) => `${ms(s.median)} (${ms(s.best)}-${ms(s.worst)})`;
export const minutes = (ms: number) =>
  `${Math.floor(ms / 60_000)}:${String(Math.floor((ms % 60_000) / 1000)).padStart(2, "0")}`;

/** A progress line, stamped with the time since the run started. */
export const progressLog = (startedAt: Date) => (line: string) =>
  console.log(`[${minutes(Date.now() - startedAt.getTime())}] ${line}`);

/** The load average during the run, then one PASS or FAIL line per target. */
export function printChecks(checks: Check[], loadSamples: number[], log: (line: string) => void) {
  const cores = availableParallelism();
  const meanLoad = loadSamples.reduce((sum, load) => sum + load, 0) / Math.max(1, loadSamples.length);
  const busy = meanLoad > cores;
  log(
    `Load average during the run: mean ${meanLoad.toFixed(1)}, highest ${Math.max(0, ...loadSamples).toFixed(1)}, on ${cores} cores.`,
  );
  for (const { ok, line, timing } of checks) {
    const note =
      !ok && timing && busy
        ? ` [the machine was busy (mean load ${meanLoad.toFixed(1)} on ${cores} cores): rerun when it is idle before blaming the page]`
        : "";
    console.log(`${ok ? "PASS" : "FAIL"} ${line}${note}`);
  }
  return { mean: meanLoad, samples: loadSamples, cores };
}

/** bench/results/<start time>.json and latest.json (git-ignored). */
export function writeReport(report: Record<string, unknown>, startedAt: Date) {
  mkdirSync(path.join(projectRoot, "bench/results"), { recursive: true });
  const json = JSON.stringify(report, null, 2);
  writeFileSync(path.join(projectRoot, "bench/results", `${startedAt.toISOString().replace(/[:.]/g, "-")}.json`), json);
  writeFileSync(path.join(projectRoot, "bench/results/latest.json"), json);
}
