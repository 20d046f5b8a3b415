// The estimates part of `npm run bench` (alone: `npm run bench -- estimates`; issue 39's Must
// show): a database of its own with 100,000 records of each kind and as many sent estimates
// (./seed.ts), and one more service request whose estimate has 30 lines; then the staff record
// page of that request (/incoming/service-requests/<id>, p50 of 40 round trips signed in) and the
// customer's page of its estimate (/estimates/<token>, its link derived with the local key), both
// with the estimate's 40 photos added as staff add them (./photos.ts), and the customer's page as a
// phone with JavaScript turned off loads it (./no-js.ts): its bytes, and the decision made with the
// plain form. Targets: the record page at most 100 ms p50; the customer's page at most 30 KB gzip
// before photos (its HTML, styles and images), and usable with no JavaScript (0 KB needed).
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { seedInbox } from "../../seed.ts";
import { origin, signIn, staff, type InboxBench } from "../inbox.ts";
import { type Check, KB } from "../output.ts";
import { projectRoot, run, startServer, stopServer } from "../server.ts";
import { timeRequests } from "../stats.ts";
import { visitWithoutJs } from "./no-js.ts";
import { addEstimatePhotos, STORED_PHOTO_BYTES } from "./photos.ts";
import { addEstimates, withLocalD1 } from "./seed.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
const stateDir = ".wrangler/bench-estimates-state";
const RECORDS = Number(process.env.BENCH_INBOX_RECORDS ?? 100_000);
/** The estimates beside the measured one: as many as the records of each kind unless told. */
const ESTIMATES = Number(process.env.BENCH_ESTIMATES ?? RECORDS);
const LINES = 30;
/** The photos issue 39 puts on the measured estimate: four on each of its first ten lines. */
const PHOTOS = 40;
const TARGETS = { recordP50Ms: 100, customerGzip: 30 * KB, customerJsNeeded: 0 };

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;

export async function benchEstimates(log: (line: string) => void): Promise<InboxBench> {
  log(`Estimates: seeding ${RECORDS.toLocaleString("en-US")} records of each kind and as many estimates…`);
  const started = performance.now();
  rmSync(path.join(projectRoot, stateDir), { recursive: true, force: true });
  seedInbox({ count: RECORDS, stateDir });
  run("npm", ["run", "-s", "admin:create", "--", staff.username, "--persist-to", stateDir], `${staff.password}\n`);
  const now = Date.now();
  const measured = withLocalD1(stateDir, (db) => {
    // The measured estimate on the newest request, alone on it; the others on the requests after it.
    const one = addEstimates(db, { count: 1, now, lines: LINES, plain: true });
    addEstimates(db, { count: ESTIMATES, now, skip: 1 });
    return { requestId: one.requestIds[0]!, token: one.tokens[0]!, estimateId: one.ids[0]! };
  });
  const seedSeconds = (performance.now() - started) / 1000;
  const load = loadavg()[0]!.toFixed(1);
  log(`Estimates: measuring the record page and the customer's page (load average ${load})…`);
  const server = await startServer({ port, stateDir });
  try {
    const cookie = await signIn();
    const photos = await addEstimatePhotos(cookie, measured.estimateId, PHOTOS);
    const recordPath = `/incoming/service-requests/${measured.requestId}`;
    const recordPage = await timeRequests(() => [
      `${origin}${recordPath}`,
      { headers: { Cookie: cookie, "Accept-Encoding": "identity" } },
    ]);
    const recordHtml = await (await fetch(`${origin}${recordPath}`, { headers: { Cookie: cookie } })).text();
    const recordShowsLines = (recordHtml.match(/Front brake pads, ceramic/g) ?? []).length;
    const photoAddress = new RegExp(`/api/estimates/${measured.estimateId}/lines/[^/"]+/photos/([0-9a-f-]{36})`, "g");
    const recordShowsPhotos = new Set([...recordHtml.matchAll(photoAddress)].map((match) => match[1])).size;
    const customerPath = `/estimates/${measured.token}`;
    const customerTiming = await timeRequests(() => [
      `${origin}${customerPath}`,
      { headers: { "Accept-Encoding": "identity" } },
    ]);
    const noJs = await visitWithoutJs(`${origin}${customerPath}`);
    const customerGzip = noJs.gzip.html! + noJs.gzip.css! + noJs.gzip.other!;
    const jsNeeded = noJs.decided && noJs.lines === LINES ? 0 : Number.POSITIVE_INFINITY;
    const table = [
      `Estimates: a ${LINES}-line estimate with ${photos} photos (${kb(STORED_PHOTO_BYTES)} each with its copies in R2) beside ` +
        `${RECORDS.toLocaleString("en-US")} records of each kind and ${ESTIMATES.toLocaleString("en-US")} estimates ` +
        `(seeded in ${seedSeconds.toFixed(0)} s; load average ${load} when measuring began)`,
      "page                                               p50      p99   HTML sent / gzip",
      `${`the record page, ${LINES} lines (${recordShowsLines} brake lines, ${recordShowsPhotos} photos shown)`.padEnd(50)} ${ms(recordPage.p50).padStart(6)}  ${ms(recordPage.p99).padStart(7)}   ${kb(recordPage.bytes)} / ${kb(recordPage.gzip)}`,
      `${"the customer's estimate page".padEnd(50)} ${ms(customerTiming.p50).padStart(6)}  ${ms(customerTiming.p99).padStart(7)}   ${kb(customerTiming.bytes)} / ${kb(customerTiming.gzip)}`,
      `The customer's page with JavaScript off, gzip: HTML ${kb(noJs.gzip.html!)}, CSS ${kb(noJs.gzip.css!)}, ` +
        `other ${kb(noJs.gzip.other!)}, JS fetched ${kb(noJs.gzip.js!)}; photos ${kb(noJs.gzip.photos!)} ` +
        `(${noJs.photosFetched} copies fetched by the first view); ${noJs.lines} lines to choose on, ` +
        (noJs.decided
          ? "decided with the plain form (every line approved, signed, sent)"
          : `not decided: ${noJs.problem}`),
    ];
    const checks: Check[] = [
      {
        ok: recordPage.p50 <= TARGETS.recordP50Ms && recordShowsLines > 0 && recordShowsPhotos === PHOTOS,
        line: `estimates: the record page with a ${LINES}-line estimate and ${recordShowsPhotos} of ${PHOTOS} photos p50 ${ms(recordPage.p50)} (target <= ${TARGETS.recordP50Ms} ms)`,
        timing: true,
      },
      {
        ok: customerGzip <= TARGETS.customerGzip,
        line: `estimates: the customer's estimate page ${kb(customerGzip)} gzip with its styles, before photos (target <= ${kb(TARGETS.customerGzip)})`,
      },
      {
        ok: jsNeeded <= TARGETS.customerJsNeeded,
        line: `estimates: the customer's estimate page usable with JavaScript off: ${noJs.decided ? `decided, 0 KB of JS needed` : `not decided (${noJs.problem})`} (target: 0 KB needed)`,
      },
    ];
    return {
      table,
      checks,
      report: {
        records: RECORDS,
        estimates: ESTIMATES,
        lines: LINES,
        photos,
        recordShowsPhotos,
        loadAverage: Number(load),
        recordPage,
        customerPage: customerTiming,
        noJs,
      },
    };
  } finally {
    stopServer(server);
  }
}
