// The bench's summaries of repeated runs: a busy moment on this shared machine only ever adds time
// to a run, so a spread (best, median, worst) says more than one figure (docs/decisions/009-bench.md);
// a request's round trip timed over SAMPLES runs, for the inbox and the appointments.
import { gzipSync } from "node:zlib";

export type Spread = { best: number; median: number; worst: number };

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const middle = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[middle]! : (sorted[middle - 1]! + sorted[middle]!) / 2;
};

export const spread = (values: number[]): Spread => ({
  best: Math.min(...values),
  median: median(values),
  worst: Math.max(...values),
});

export const SAMPLES = 40;

export type Timing = { p50: number; p99: number; bytes: number; gzip: number; samples: number[] };

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
};

export async function timeRequests(
  make: (index: number) => [string, RequestInit?],
  expectStatus = 200,
): Promise<Timing> {
  // Two warm-up requests: the first compiles the route's code, the second settles D1's page cache.
  for (const index of [0, 1]) await (await fetch(...make(index))).arrayBuffer();
  const samples: number[] = [];
  let body = Buffer.alloc(0);
  for (let index = 0; index < SAMPLES; index++) {
    const [url, init] = make(index + 2);
    const start = performance.now();
    const response = await fetch(url, init);
    body = Buffer.from(await response.arrayBuffer());
    samples.push(performance.now() - start);
    if (response.status !== expectStatus) throw new Error(`${url} answered ${response.status}, not ${expectStatus}`);
  }
  return {
    p50: percentile(samples, 50),
    p99: percentile(samples, 99),
    bytes: body.length,
    gzip: gzipSync(body, { level: 9 }).length,
    samples,
  };
}
