// The crowd part of `npm run bench` (alone: `npm run bench -- crowd`, about 3 minutes plus the
// seeding; issue 41): a database of its own with 100,000 records of each kind and 5,000 appointments
// (as the appointments part seeds them, scripts/bench/appointments.ts, with 40 drop-offs a day) and
// 5,000 sent estimates (scripts/bench/estimates/seed.ts, their links derived with the local key).
// Then 200 visitors for a warm-up and 30 s measured, each reading the public reads of CROWD_PAGES
// in turn with their own links and a think time between pages (./visitors.ts): p50 and p99 per
// page, errors, the arrival rate, and the Worker's memory each second, flat over the measured
// seconds. Then the same pages asked with no think time by 200 connections (autocannon), which
// measures the local runtime's saturation throughput (printed, not a target); then 200 bookings at
// once for 20 places (./bookings.ts). Targets: p99 at most 150 ms, no errors, memory flat, exactly
// 20 booked.
import { createRequire } from "node:module";
import { loadavg } from "node:os";
import { rmSync } from "node:fs";
import path from "node:path";
import { seedInbox } from "../../seed.ts";
import { addEstimates, withLocalD1 } from "../estimates/seed.ts";
import { addDays, seedAppointments, shopToday } from "../appointments.ts";
import type { InboxBench } from "../inbox.ts";
import type { Check } from "../output.ts";
import { projectRoot, startServer, stopServer } from "../server.ts";
import { timeRequests, type Timing } from "../stats.ts";
import { type ResidentMemory, workerdMemoryParts } from "../workerd-memory.ts";
import { BOOKERS, CROWD_DROP_OFFS, ONLINE_PLACES, raceChecks, raceForPlaces, raceLines } from "./bookings.ts";
import { percentile, visitorCrowd, type VisitedPage } from "./visitors.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
const origin = `http://localhost:${port}`;
const stateDir = ".wrangler/bench-crowd-state";
const RECORDS = Number(process.env.BENCH_INBOX_RECORDS ?? 100_000);
const VISITORS = 200;
/** The sent estimates the crowd's estimate page opens, one in 20 of the service requests. */
const ESTIMATES = RECORDS / 20;
const SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 30);
/** The closed loop's seconds: the runtime's saturation throughput, printed (no target). */
const SATURATION_SECONDS = Number(process.env.BENCH_CROWD_SATURATION_SECONDS ?? 10);
const TARGETS = { p99Ms: 150 };
/** Memory is flat when its last 5 measured seconds stay within this of its first 5. */
const FLAT = { ratio: 0.1, bytes: 16 * 1024 * 1024 };

type CrowdContext = { today: string; tokens: string[]; estimateTokens: string[] };

/** The public reads each visitor opens in turn; `visitor`: whose links (each visitor has their own). */
export const CROWD_PAGES: { name: string; path: (visitor: number, context: CrowdContext) => string }[] = [
  {
    name: "GET /api/availability, 62 days",
    path: (_, { today }) => `/api/availability?from=${today}&to=${addDays(today, 61)}`,
  },
  {
    name: "the customer's appointment page",
    path: (visitor, { tokens }) => `/appointments/${tokens[visitor % tokens.length]}`,
  },
  {
    name: "the customer's estimate page",
    path: (visitor, { estimateTokens }) => `/estimates/${estimateTokens[visitor % estimateTokens.length]}`,
  },
];

type CannonResult = {
  latency: { p50: number; p99: number };
  requests: { total: number; average: number };
  errors: number;
  timeouts: number;
  non2xx: number;
};
type CannonOptions = {
  url: string;
  connections: number;
  duration: number;
  timeout: number;
  requests: { method: string; setupRequest: (request: { path: string }) => { path: string } }[];
};
const autocannon = createRequire(import.meta.url)("autocannon") as (options: CannonOptions) => Promise<CannonResult>;

const MB = 1024 * 1024;
const mb = (bytes: number) => `${(bytes / MB).toFixed(0)} MB`;
const mean = (values: number[]) => values.reduce((sum, value) => sum + value, 0) / Math.max(1, values.length);
const count = (value: number) => value.toLocaleString("en-US");

/** The workerd processes' memory each second while `during` runs. */
async function sampled<T>(server: Parameters<typeof workerdMemoryParts>[0], during: () => Promise<T>) {
  const memory: ResidentMemory[] = [];
  const sampler = setInterval(() => memory.push(workerdMemoryParts(server)), 1000);
  try {
    return { result: await during(), memory };
  } finally {
    clearInterval(sampler);
  }
}

/** 200 connections asking the pages again the instant each answer arrives: what the runtime can serve. */
function saturate(context: CrowdContext) {
  return Promise.all(
    CROWD_PAGES.map((page) => {
      let visit = 0;
      return autocannon({
        url: origin,
        connections: Math.floor(VISITORS / CROWD_PAGES.length),
        duration: SATURATION_SECONDS,
        // A request waits for its answer (autocannon's 10 s would abandon requests the Worker is
        // still serving and send more: a busy machine would then count only the abandoned ones).
        timeout: SATURATION_SECONDS * 6,
        requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: page.path(visit++, context) }) }],
      });
    }),
  );
}

const memoryLine = (label: string, memory: ResidentMemory[]) =>
  `${label}, each 5 s: ${memory
    .filter((_, index) => index % 5 === 4)
    .map((sample) => `${mb(sample.resident)} (${mb(sample.anonymous)} anonymous)`)
    .join(", ")}`;

export async function benchCrowd(log: (line: string) => void): Promise<InboxBench> {
  log(`Crowd: seeding ${count(RECORDS)} records of each kind, 5,000 appointments and ${count(ESTIMATES)} estimates…`);
  rmSync(path.join(projectRoot, stateDir), { recursive: true, force: true });
  seedInbox({ count: RECORDS, stateDir });
  const today = shopToday();
  const tokens = seedAppointments(path.join(projectRoot, stateDir), today, CROWD_DROP_OFFS);
  // Sent estimates of 8 lines with links derived under the local key, as the Worker derives them.
  const estimateTokens = withLocalD1(stateDir, (db) => addEstimates(db, { count: ESTIMATES, now: Date.now() }).tokens);
  if (tokens.length < VISITORS || estimateTokens.length < VISITORS)
    throw new Error(`The crowd needs a link of each kind for each of its ${VISITORS} visitors: seed more records`);
  const context: CrowdContext = { today, tokens, estimateTokens };
  const server = await startServer({ port, stateDir });
  try {
    // Each page for one visitor at a time first (warming its route up): what a visitor waits with
    // no crowd, against which the crowd's times read.
    const alone: Timing[] = [];
    for (const page of CROWD_PAGES)
      alone.push(await timeRequests((visit) => [`${origin}${page.path(visit, context)}`]));
    // Every link the crowd will open, once (8 at a time): D1's cache then holds what the visitors
    // read, as it does on a site in use, so the measured seconds see the steady state.
    const links = Array.from({ length: VISITORS }, (_, visitor) =>
      CROWD_PAGES.map((page) => page.path(visitor, context)),
    );
    const queue = links.flat();
    await Promise.all(
      Array.from({ length: 8 }, async () => {
        for (let link = queue.pop(); link; link = queue.pop()) await (await fetch(`${origin}${link}`)).arrayBuffer();
      }),
    );
    const load = loadavg()[0]!.toFixed(1);
    log(
      `Crowd: ${VISITORS} visitors reading the ${CROWD_PAGES.length} pages, ${SECONDS} s after a warm-up (load average ${load})…`,
    );
    const pages: VisitedPage[] = CROWD_PAGES.map((page) => ({
      name: page.name,
      path: (visitor) => page.path(visitor, context),
    }));
    const crowd = await sampled(server, () => visitorCrowd(origin, pages, { visitors: VISITORS, seconds: SECONDS }));
    const run = crowd.result;
    // The steady state: the measured seconds, after the warm-up (first 5 of them against the last 5).
    const measured = crowd.memory.slice(run.warmUpSeconds, run.warmUpSeconds + SECONDS);
    const settled = mean(measured.slice(0, 5).map((sample) => sample.resident));
    const last = mean(measured.slice(-5).map((sample) => sample.resident));
    const flat = measured.length >= 10 && last - settled <= Math.max(FLAT.bytes, settled * FLAT.ratio);
    log(`Crowd: the saturation throughput, ${VISITORS} connections with no think time for ${SATURATION_SECONDS} s…`);
    const saturation = await sampled(server, () => saturate(context));
    const throughput = saturation.result.reduce((sum, page) => sum + page.requests.total, 0) / SATURATION_SECONDS;
    log(`Crowd: ${BOOKERS} bookings at once for ${ONLINE_PLACES} places…`);
    const race = await raceForPlaces(origin, stateDir, today);
    const rows = CROWD_PAGES.map((page, index) => {
      const times = run.pages[index]!;
      return {
        name: page.name,
        aloneP50: alone[index]!.p50,
        p50: percentile(times.samples, 50),
        p99: percentile(times.samples, 99),
        answered: times.samples.length,
        errors: times.errors,
        non2xx: times.non2xx,
      };
    });
    const table = [
      `Crowd: ${VISITORS} visitors, each reading the pages in turn with their own links, a think time of ${run.thinkSeconds} s on average between pages (exponential), ${run.warmUpSeconds} s of warm-up, then ${SECONDS} s measured, beside ${count(RECORDS)} records of each kind, 5,000 appointments and ${count(ESTIMATES)} estimates (load average ${load} when it began)`,
      `Arrival rate: ${run.arrivalsPerSecond.toFixed(1)} requests a second`,
      "page                                     alone p50      p50      p99  answered  errors  non-2xx",
      ...rows.map(
        (row) =>
          `${row.name.padEnd(40)} ${`${row.aloneP50.toFixed(0)} ms`.padStart(9)} ${`${row.p50.toFixed(0)} ms`.padStart(8)}  ${`${row.p99.toFixed(0)} ms`.padStart(7)}  ${String(row.answered).padStart(8)}  ${String(row.errors).padStart(6)}  ${String(row.non2xx).padStart(7)}`,
      ),
      memoryLine("The Worker's memory (workerd, resident) through the warm-up and the measured seconds", crowd.memory),
      `Memory over the measured seconds: ${mb(settled)} in the first 5 s, ${mb(last)} in the last 5 s`,
      `Saturation (no target): ${VISITORS} connections asking again the instant each answer arrives, ${SATURATION_SECONDS} s: ${throughput.toFixed(0)} requests a second in all (${saturation.result
        .map(
          (page, index) =>
            `${CROWD_PAGES[index]!.name}: ${page.requests.total ? `p50 ${page.latency.p50} ms, p99 ${page.latency.p99} ms` : "none answered"}`,
        )
        .join("; ")}; ${saturation.result.reduce((sum, page) => sum + page.errors + page.timeouts, 0)} errors)`,
      memoryLine("The Worker's memory through the saturation", saturation.memory),
      ...raceLines(race),
    ];
    const checks: Check[] = [
      ...rows.flatMap((row) => [
        {
          ok: row.answered > 0 && row.p99 <= TARGETS.p99Ms,
          line: `crowd: ${row.name} p99 ${row.p99.toFixed(0)} ms for ${VISITORS} visitors (${run.arrivalsPerSecond.toFixed(1)} requests a second in all; target <= ${TARGETS.p99Ms} ms)`,
          timing: true,
        },
        {
          ok: row.errors + row.non2xx === 0,
          line: `crowd: ${row.name} ${row.errors} errors, ${row.non2xx} not 2xx (target none)`,
        },
      ]),
      {
        ok: flat,
        line: `crowd: the Worker's memory after the warm-up ${mb(settled)} in the first 5 measured seconds, ${mb(last)} in the last 5 (target flat: within ${FLAT.ratio * 100}% or ${mb(FLAT.bytes)})`,
      },
      ...raceChecks(race),
    ];
    return {
      table,
      checks,
      report: {
        records: RECORDS,
        visitors: VISITORS,
        seconds: SECONDS,
        loadAverage: Number(load),
        thinkSeconds: run.thinkSeconds,
        warmUpSeconds: run.warmUpSeconds,
        arrivalsPerSecond: run.arrivalsPerSecond,
        rows,
        memory: crowd.memory,
        saturation: { seconds: SATURATION_SECONDS, requestsPerSecond: throughput, pages: saturation.result },
        race,
      },
    };
  } finally {
    stopServer(server);
  }
}
