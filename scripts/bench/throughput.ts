// The throughput part: requests per second of / (autocannon, 10 connections) against its static
// twin, interleaved in short rounds; plus / rendered for every request.
import { autocannon, type Cannon } from "./autocannon.ts";
import type { Check } from "./output.ts";
import { origin, pages, twinPath } from "./pages.ts";

// Issue 28: the page cache serves `/` at least 0.7 of its static twin's rate (0.57 measured a round ago).
const RPS_RATIO_TARGET = 0.7;

type Load = { label: string; url: string; headers?: Record<string, string> };
type Throughput = { label: string; rps: number; p50: number; p99: number; non2xx: number; cacheStatus: string };
export type PageThroughput = { twin: Throughput; cached: Throughput; rendered: Throughput };

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

/** The deployed page cache (isolate memory in front of the platform's cache) against the twin. */
export async function benchThroughput(log: (line: string) => void): Promise<PageThroughput> {
  const home = `${origin}/`;
  const twin = `${origin}${twinPath(pages[0])}`;
  log("Measuring throughput of / from the page cache, against its twin…");
  const [twinRun, cachedRun, renderedRun] = await measureThroughput([
    { label: "twin", url: twin },
    { label: "cached", url: home },
    // Any cookie makes the Worker render the page: what every request would cost without the cache.
    { label: "rendered", url: home, headers: { Cookie: "bench=1" } },
  ]);
  return { twin: twinRun!, cached: cachedRun!, rendered: renderedRun! };
}

export function throughputDetails({ twin, cached, rendered }: PageThroughput): string[] {
  const lines = [
    `Throughput of / (autocannon, 10 connections, ${THROUGHPUT_ROUNDS} × ${THROUGHPUT_SECONDS} s each, interleaved with its twin)`,
    "                                                       req/s  p50 ms  p99 ms  of twin",
  ];
  const line = (label: string, t: Throughput) =>
    lines.push(
      `${label.padEnd(54)} ${t.rps.toFixed(0).padStart(5)}  ${String(t.p50).padStart(6)}  ${String(t.p99).padStart(6)}  ${(t.rps / twin.rps).toFixed(2).padStart(7)}`,
    );
  line("static twin (asset)", twin);
  line("Worker, served from the page cache", cached);
  line("Worker, rendered for every request (cookie)", rendered);
  return lines;
}

export function throughputChecks({ twin, cached }: PageThroughput): Check[] {
  const ratio = cached.rps / twin.rps;
  return [
    {
      ok: ratio >= RPS_RATIO_TARGET && cached.cacheStatus.includes("; hit") && cached.non2xx === 0,
      line: `/: Worker ${cached.rps.toFixed(0)} req/s from the page cache vs twin ${twin.rps.toFixed(0)} req/s, ratio ${ratio.toFixed(2)} (target >= ${RPS_RATIO_TARGET})`,
      timing: true,
    },
  ];
}
