// The appointments part of `npm run bench` (alone: `npm run bench -- appointments`), on the build
// bench.ts made: seeds a throwaway local D1 with 100,000 records of each kind (scripts/seed.ts) and
// 5,000 appointments on its service requests, spread over the open weekdays of six months back and
// six ahead (about 19 a day: past ones mostly done, some no-shows and cancellations; future ones
// confirmed), then measures the shop calendar's week view (/incoming/calendar) and a month of
// GET /api/appointments. Targets (issue 30): at most 100 ms p50 and 40 KB gzip each. And, with
// online booking on, the public GET /api/availability for 62 days: at most 30 ms p50 (issue 40).
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { seedInbox } from "../seed.ts";
import { addDays, APPOINTMENTS, seedAppointments, shopToday } from "../seed-appointments.ts";
import { origin, signIn, staff, type InboxBench } from "./inbox.ts";
import { timeRequests, type Timing } from "./stats.ts";
import type { Check } from "./output.ts";
import { projectRoot as root, run, startServer, stopServer } from "./server.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
const stateDir = path.join(root, ".wrangler/bench-appointments-state");
const RECORDS = Number(process.env.BENCH_INBOX_RECORDS ?? 100_000);
const KB = 1024;
const TARGETS = { p50Ms: 100, gzip: 40 * KB, availabilityP50Ms: 30 };

// The crowd part reads these from here.
export { addDays, seedAppointments, shopToday, weekdayOf } from "../seed-appointments.ts";

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

/** Seeds, serves and measures the calendar's week and a month of the list API. */
export async function benchAppointments(log: (line: string) => void): Promise<InboxBench> {
  log(
    `Appointments: seeding ${RECORDS.toLocaleString("en-US")} records of each kind and ${APPOINTMENTS} appointments…`,
  );
  rmSync(stateDir, { recursive: true, force: true });
  seedInbox({ count: RECORDS, stateDir });
  run("npm", ["run", "-s", "admin:create", "--", staff.username, "--persist-to", stateDir], `${staff.password}\n`);
  const today = shopToday();
  seedAppointments(stateDir, today);
  const load = loadavg()[0]!.toFixed(1);
  log(`Appointments: measuring the calendar's week and a month of GET /api/appointments (load average ${load})…`);
  const server = await startServer({ port, stateDir });
  try {
    const cookie = await signIn();
    const get = (pathAndQuery: string) => () =>
      [`${origin}${pathAndQuery}`, { headers: { Cookie: cookie, "Accept-Encoding": "identity" } }] as [
        string,
        RequestInit,
      ];
    const monthEnd = addDays(today, 30);
    const week = await timeRequests(get(`/incoming/calendar?date=${today}`));
    const month = await timeRequests(get(`/api/appointments?from=${today}&to=${monthEnd}`));
    const availability = await timeRequests(get(`/api/availability?from=${today}&to=${addDays(today, 61)}`));
    const listed = (
      JSON.parse(
        Buffer.from(
          await (await fetch(...get(`/api/appointments?from=${today}&to=${monthEnd}`)())).arrayBuffer(),
        ).toString(),
      ) as unknown[]
    ).length;
    const table = [
      `Appointments: ${APPOINTMENTS.toLocaleString("en-US")} over a year beside ${RECORDS.toLocaleString("en-US")} records of each kind (load average ${load} when measuring began)`,
      "request                                          p50      p99      sent / gzip",
      ...(
        [
          [`/incoming/calendar (week of ${today})`, week],
          [`GET /api/appointments, ${today} to ${monthEnd} (${listed} listed)`, month],
          [`GET /api/availability, 62 days from ${today}`, availability],
        ] as [string, Timing][]
      ).map(
        ([label, timing]) =>
          `${label.padEnd(48)} ${ms(timing.p50).padStart(7)}  ${ms(timing.p99).padStart(7)}  ${kb(timing.bytes)} / ${kb(timing.gzip)}`,
      ),
    ];
    const measured: [string, Timing][] = [
      ["calendar week view", week],
      ["a month of GET /api/appointments", month],
    ];
    const checks: Check[] = [
      {
        ok: availability.p50 <= TARGETS.availabilityP50Ms,
        line: `appointments: 62 days of GET /api/availability p50 ${ms(availability.p50)} (target <= ${TARGETS.availabilityP50Ms} ms)`,
        timing: true,
      },
      ...measured.flatMap(([label, timing]) => [
        {
          ok: timing.p50 <= TARGETS.p50Ms,
          line: `appointments: ${label} p50 ${ms(timing.p50)} (target <= ${TARGETS.p50Ms} ms)`,
          timing: true,
        },
        {
          ok: timing.gzip <= TARGETS.gzip,
          line: `appointments: ${label} ${kb(timing.gzip)} gzip (target <= ${kb(TARGETS.gzip)})`,
        },
      ]),
    ];
    return {
      table,
      checks,
      report: {
        records: RECORDS,
        appointments: APPOINTMENTS,
        loadAverage: Number(load),
        week,
        month,
        listed,
        availability,
      },
    };
  } finally {
    stopServer(server);
  }
}
