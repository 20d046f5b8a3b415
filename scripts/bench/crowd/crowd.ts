// The crowd part of `npm run bench` (alone: `npm run bench -- crowd`, about 2 minutes; issue 41): a
// database of its own with 100,000 records of each kind and 5,000 appointments (as the appointments
// part seeds them, scripts/bench/appointments.ts, with 40 drop-offs a day) and 5,000 sent estimates
// (scripts/bench/estimates/seed.ts, their links derived with the local key), then 200 visitors at once
// for 30 s, shared among the public reads of CROWD_PAGES (autocannon, one connection each), with
// p50 and p99 per page, errors, and the Worker's memory each second (it must stay flat); then 200
// bookings at once for 20 places (./bookings.ts). Targets: p99 at most 150 ms, no errors, memory
// flat, exactly 20 booked.
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
import { workerdMemory } from "../workerd-memory.ts";
import { BOOKERS, CROWD_DROP_OFFS, ONLINE_PLACES, raceChecks, raceForPlaces, raceLines } from "./bookings.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
const origin = `http://localhost:${port}`;
const stateDir = ".wrangler/bench-crowd-state";
const RECORDS = Number(process.env.BENCH_INBOX_RECORDS ?? 100_000);
const VISITORS = 200;
/** The sent estimates the crowd's estimate page opens, one in 20 of the service requests. */
const ESTIMATES = RECORDS / 20;
const SECONDS = Number(process.env.BENCH_CROWD_SECONDS ?? 30);
const TARGETS = { p99Ms: 150 };
/** Memory is flat when its last 5 s average stays within this of the average after the first 5 s. */
const FLAT = { ratio: 0.1, bytes: 16 * 1024 * 1024 };

type CrowdContext = { today: string; tokens: string[]; estimateTokens: string[] };

/** The public reads the crowd visits, sharing the visitors equally: one entry each. */
export const CROWD_PAGES: { name: string; path: (visit: number, context: CrowdContext) => string }[] = [
  {
    name: "GET /api/availability, 62 days",
    path: (_, { today }) => `/api/availability?from=${today}&to=${addDays(today, 61)}`,
  },
  {
    name: "the customer's appointment page",
    path: (visit, { tokens }) => `/appointments/${tokens[visit % tokens.length]}`,
  },
  {
    name: "the customer's estimate page",
    path: (visit, { estimateTokens }) => `/estimates/${estimateTokens[visit % estimateTokens.length]}`,
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

export async function benchCrowd(log: (line: string) => void): Promise<InboxBench> {
  log(
    `Crowd: seeding ${RECORDS.toLocaleString("en-US")} records of each kind, 5,000 appointments and ${ESTIMATES.toLocaleString("en-US")} estimates…`,
  );
  rmSync(path.join(projectRoot, stateDir), { recursive: true, force: true });
  seedInbox({ count: RECORDS, stateDir });
  const today = shopToday();
  const tokens = seedAppointments(path.join(projectRoot, stateDir), today, CROWD_DROP_OFFS);
  // Sent estimates of 8 lines with links derived under the local key, as the Worker derives them.
  const estimateTokens = withLocalD1(stateDir, (db) => addEstimates(db, { count: ESTIMATES, now: Date.now() }).tokens);
  const context: CrowdContext = { today, tokens, estimateTokens };
  const server = await startServer({ port, stateDir });
  try {
    // Each page for one visitor at a time first (warming its route up): what a visitor waits with
    // no crowd, against which the crowd's times read (200 at once wait about 200 such times
    // divided by the cores serving them).
    const alone: Timing[] = [];
    for (const page of CROWD_PAGES)
      alone.push(await timeRequests((visit) => [`${origin}${page.path(visit, context)}`]));
    const load = loadavg()[0]!.toFixed(1);
    log(`Crowd: ${VISITORS} visitors for ${SECONDS} s on ${CROWD_PAGES.length} pages (load average ${load})…`);
    const memory: number[] = [];
    const sampler = setInterval(() => memory.push(workerdMemory(server)), 1000);
    const results = await Promise.all(
      CROWD_PAGES.map((page) => {
        let visit = 0;
        return autocannon({
          url: origin,
          connections: Math.floor(VISITORS / CROWD_PAGES.length),
          duration: SECONDS,
          // A visitor waits for the answer (autocannon's 10 s would abandon requests the Worker is
          // still serving and send more: a busy machine would then count only the abandoned ones).
          timeout: SECONDS * 2,
          requests: [{ method: "GET", setupRequest: (request) => ({ ...request, path: page.path(visit++, context) }) }],
        });
      }),
    ).finally(() => clearInterval(sampler));
    const settled = mean(memory.slice(5, 10));
    const last = mean(memory.slice(-5));
    const flat = last - settled <= Math.max(FLAT.bytes, settled * FLAT.ratio);
    log(`Crowd: ${BOOKERS} bookings at once for ${ONLINE_PLACES} places…`);
    const race = await raceForPlaces(origin, stateDir, today);
    const rows = CROWD_PAGES.map((page, index) => ({
      name: page.name,
      alonePerMs: alone[index]!.p50,
      ...results[index]!,
    }));
    const table = [
      `Crowd: ${VISITORS} visitors for ${SECONDS} s beside ${RECORDS.toLocaleString("en-US")} records of each kind, 5,000 appointments and ${ESTIMATES.toLocaleString("en-US")} estimates (load average ${load} when it began)`,
      "page                                     alone p50      p50      p99  requests  rate/s  errors  non-2xx",
      ...rows.map(
        (row) =>
          `${row.name.padEnd(40)} ${`${row.alonePerMs.toFixed(0)} ms`.padStart(9)} ${`${row.latency.p50} ms`.padStart(8)}  ${`${row.latency.p99} ms`.padStart(7)}  ${String(row.requests.total).padStart(8)}  ${row.requests.average.toFixed(0).padStart(6)}  ${String(row.errors + row.timeouts).padStart(6)}  ${String(row.non2xx).padStart(7)}`,
      ),
      `The Worker's memory (workerd, resident) each 5 s: ${memory
        .filter((_, index) => index % 5 === 0)
        .map(mb)
        .join(", ")}; after 5-10 s ${mb(settled)}, the last 5 s ${mb(last)}`,
      ...raceLines(race),
    ];
    const checks: Check[] = [
      ...rows.flatMap((row) => [
        {
          ok: row.requests.total > 0 && row.latency.p99 <= TARGETS.p99Ms,
          line: `crowd: ${row.name} p99 ${row.latency.p99} ms under ${VISITORS} visitors (target <= ${TARGETS.p99Ms} ms)`,
          timing: true,
        },
        {
          ok: row.errors + row.timeouts + row.non2xx === 0,
          line: `crowd: ${row.name} ${row.errors} errors, ${row.timeouts} timeouts, ${row.non2xx} not 2xx (target none)`,
        },
      ]),
      {
        ok: flat,
        line: `crowd: the Worker's memory ${mb(settled)} after 5-10 s, ${mb(last)} in the last 5 s (target flat: within ${FLAT.ratio * 100}% or ${mb(FLAT.bytes)})`,
      },
      ...raceChecks(race),
    ];
    return {
      table,
      checks,
      report: { records: RECORDS, visitors: VISITORS, seconds: SECONDS, loadAverage: Number(load), rows, memory, race },
    };
  } finally {
    stopServer(server);
  }
}
