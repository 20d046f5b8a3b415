// The inbox part of `npm run bench` (alone: `npm run bench -- inbox`), on the build bench.ts made:
// seeds a throwaway local D1 with 100,000 contact messages and 100,000 service requests
// (scripts/seed.ts), serves it with `wrangler dev`, signs in, and measures what staff do: the first
// page of /incoming (cards and the desktop rows), a search by name and by phone, the call-back
// list (`?due=1`), a status change, logging a call, the CSV export of a whole list, the insights
// page, and the conversation (issue 29): a record's page with a 50-message thread and `?replied=1`
// (scripts/bench/conversation.ts writes them). Times are round trips on this machine (server time
// plus the local proxy's).
import type { ChildProcess } from "node:child_process";
import { rmSync } from "node:fs";
import { loadavg } from "node:os";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { projectRoot as root, run, startServer as startDevServer, stopServer } from "./server.ts";
import { localD1File } from "../local-d1.ts";
import type { Check } from "./output.ts";
import { SAMPLES, timeRequests, type Timing } from "./stats.ts";
import { timeExport, type Export } from "./workerd-memory.ts";
import { seedInbox } from "../seed.ts";
import { seedConversations, THREAD_MESSAGES } from "./conversation.ts";

const port = Number(process.env.BENCH_PORT ?? 8790);
export const origin = `http://localhost:${port}`;
const stateDir = path.join(root, ".wrangler/bench-inbox-state");
const RECORDS = Number(process.env.BENCH_INBOX_RECORDS ?? 100_000);
export const staff = { username: "bench", password: "bench password, local only" };

const KB = 1024;
// This round's targets (issue 28): the lists at most 50 ms p50, the insights 60, the writes 25, a page 15 KB.
const TARGETS = {
  pageP50Ms: 50,
  insightsP50Ms: 60,
  pageHtmlGzip: 15 * KB,
  statusChangeP50Ms: 25,
  logCallP50Ms: 25,
  csvMs: 1500,
  // Issue 29: the record page with a 50-message thread, and ?replied=1.
  conversationP50Ms: 100,
  conversationHtmlGzip: 40 * KB,
};

// ---------------------------------------------------------------------------------------------

const startServer = () => startDevServer({ port, stateDir });

// ---------------------------------------------------------------------------------------------

// ---------------------------------------------------------------------------------------------

const ms = (value: number) => `${value.toFixed(0)} ms`;
const kb = (bytes: number) => `${(bytes / KB).toFixed(1)} KB`;
const mb = (bytes: number) => `${(bytes / KB / KB).toFixed(1)} MB`;

/** `timing`: a check a busy machine can fail (bench.ts says so next to a FAIL, and measures it again). */
export type InboxBench = {
  table: string[];
  checks: Check[];
  report: Record<string, unknown>;
};

/** Serves the seeded database again, signs in, runs `measure`, stops: a missed timing measured again. */
async function again<T>(measure: (cookie: string, server: ChildProcess) => Promise<T>): Promise<T> {
  const server = await startServer();
  try {
    return await measure(await signIn(), server);
  } finally {
    stopServer(server);
  }
}

export async function signIn(): Promise<string> {
  const login = await fetch(`${origin}/api/login`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify(staff),
  });
  if (!login.ok) throw new Error(`Signing in failed: ${login.status}`);
  return login.headers
    .getSetCookie()
    .map((line) => line.split(";")[0])
    .join("; ");
}

/** Seeds, serves and measures; `log` reports progress. The caller prints the table and the checks. */
export async function benchInbox(log: (line: string) => void): Promise<InboxBench> {
  log(`Inbox: seeding ${RECORDS.toLocaleString("en-US")} records of each kind…`);
  rmSync(stateDir, { recursive: true, force: true });
  const seedStart = performance.now();
  seedInbox({ count: RECORDS, stateDir });
  const seedSeconds = (performance.now() - seedStart) / 1000;
  run("npm", ["run", "-s", "admin:create", "--", staff.username, "--persist-to", stateDir], `${staff.password}\n`);
  const writable = new DatabaseSync(localD1File(stateDir));
  const { threadRecord } = seedConversations(writable, Date.now());
  writable.close();
  const threadPath = `/service-requests/${threadRecord}`;

  // Sample records to act on and to look for, read from the seeded database itself.
  const db = new DatabaseSync(localD1File(stateDir), { readOnly: true });
  const targets = db
    .prepare("select id from contact_submissions where status = 'new' order by submitted_at desc limit ?")
    .all(2 * (SAMPLES + 2))
    .map((row) => String(row.id));
  const phone = String(db.prepare("select phone from contact_submissions where status = 'new' limit 1").get()?.phone);
  db.close();

  // Shared machines: the load says how much of a slow figure is the neighbours'.
  const load = loadavg()[0]!.toFixed(1);
  log(`Inbox: measuring pages, searches, status changes and the CSV export (load average ${load})…`);
  const server = await startServer();
  const checks: InboxBench["checks"] = [];
  const table: string[] = [];
  let report: Record<string, unknown> = {};
  try {
    const cookie = await signIn();
    const pageFor = (session: string) => (query: string) => () =>
      [`${origin}/incoming${query}`, { headers: { Cookie: session } }] as [string, RequestInit];
    const page = pageFor(cookie);

    const firstPage = await timeRequests(page(""));
    const nameSearch = await timeRequests(page("?q=smith"));
    const phoneSearch = await timeRequests(page(`?q=${encodeURIComponent(phone)}`));
    const insights = await timeRequests(page("/insights"));
    const insights90 = await timeRequests(page("/insights?days=90"));
    const dueList = await timeRequests(page("?due=1"));
    const threadPage = await timeRequests(page(threadPath));
    const repliedList = await timeRequests(page("?replied=1"));
    const writeTo = (session: string, path: string, method: string, body: unknown) =>
      [
        `${origin}${path}`,
        { method, headers: { Cookie: session, "Content-Type": "application/json" }, body: JSON.stringify(body) },
      ] as [string, RequestInit];
    // A call that went to voicemail on records still new: the log grows, the status stays.
    const logVoicemails = (session: string) =>
      timeRequests(
        (index) =>
          writeTo(session, `/api/contact-submissions/${targets[SAMPLES + 2 + index]}/activity`, "POST", {
            type: "call",
            outcome: "voicemail",
            note: "Left a voicemail, try after 5",
          }),
        201,
      );
    const changeStatuses = (session: string, status: string) =>
      timeRequests((index) => writeTo(session, `/api/contact-submissions/${targets[index]}`, "PATCH", { status }), 200);
    const logCall = await logVoicemails(cookie);
    const statusChange = await changeStatuses(cookie, "contacted");
    // A first run warms D1's page cache (D1 runs in the same workerd process as the Worker, so
    // its cache counts in the memory below); three runs are then measured and the median taken.
    // That the export holds one page of records at a time is shown exactly by
    // test/inbox/inbox-csv.test.ts, which counts the pages read as the download is read.
    const exportUrl = `${origin}/api/contact-submissions.csv?status=all`;
    await timeExport(exportUrl, cookie, server);
    const runs: Export[] = [];
    for (let run = 0; run < 3; run++) runs.push(await timeExport(exportUrl, cookie, server));
    const growthOf = (run: Export) => run.memoryPeak - run.memoryBefore;
    const csv = [...runs].sort((a, b) => growthOf(a) - growthOf(b))[1]!;

    table.push(
      `Inbox at ${RECORDS.toLocaleString("en-US")} records of each kind (seeded in ${seedSeconds.toFixed(1)} s; ` +
        `load average ${load} when measuring began)`,
    );
    table.push("request                                p50      p99      HTML sent / gzip");
    const row = (label: string, timing: Timing, size = true) =>
      table.push(
        `${label.padEnd(38)} ${ms(timing.p50).padStart(7)}  ${ms(timing.p99).padStart(7)}  ${size ? `${kb(timing.bytes)} / ${kb(timing.gzip)}` : ""}`,
      );
    row("/incoming, first page", firstPage);
    row("/incoming?q=smith", nameSearch);
    row(`/incoming?q=${phone}`, phoneSearch);
    row("/incoming/insights (30 days)", insights);
    row("/incoming/insights?days=90", insights90);
    row("/incoming?due=1 (call back today)", dueList);
    row(`a record with ${THREAD_MESSAGES} emails`, threadPage);
    row("/incoming?replied=1", repliedList);
    row("PATCH /api/contact-submissions/<id>", statusChange, false);
    row("POST …/<id>/activity (a call)", logCall, false);
    table.push(
      `CSV export of all ${csv.rows.toLocaleString("en-US")} contact messages: ${mb(csv.bytes)} in ${ms(csv.totalMs)}, ` +
        `first byte after ${ms(csv.firstByteMs)}, ${csv.chunks} chunks (largest ${kb(csv.largestChunk)}); ` +
        `workerd memory +${runs.map((run) => mb(growthOf(run))).join(", +")} at the peak of three runs`,
    );

    const timingCheck = (
      label: string,
      timing: Timing,
      target: number,
      remeasure: (session: string) => Promise<Timing>,
    ): Check => ({
      ok: timing.p50 <= target,
      line: `inbox: ${label} p50 ${ms(timing.p50)} (target <= ${target} ms)`,
      timing: true,
      rerun: async () => {
        const second = await again(remeasure);
        // The better of the two runs: a busy moment only ever adds time.
        return timingCheck(label, second.p50 < timing.p50 ? second : timing, target, remeasure);
      },
    });
    const pageCheck = (
      label: string,
      timing: Timing,
      query: string,
      target = TARGETS.pageP50Ms,
      gzipTarget = TARGETS.pageHtmlGzip,
    ) => {
      checks.push(timingCheck(label, timing, target, (session) => timeRequests(pageFor(session)(query))));
      checks.push({
        ok: timing.gzip <= gzipTarget,
        line: `inbox: ${label} HTML ${kb(timing.gzip)} gzip (target <= ${kb(gzipTarget)})`,
      });
    };
    pageCheck("/incoming first page", firstPage, "");
    pageCheck("call-back list ?due=1", dueList, "?due=1");
    pageCheck("search by name", nameSearch, "?q=smith");
    pageCheck("search by phone", phoneSearch, `?q=${encodeURIComponent(phone)}`);
    pageCheck("insights (30 days)", insights, "/insights", TARGETS.insightsP50Ms);
    pageCheck("insights (90 days)", insights90, "/insights?days=90", TARGETS.insightsP50Ms);
    const { conversationP50Ms, conversationHtmlGzip } = TARGETS;
    pageCheck(
      `record page, ${THREAD_MESSAGES}-email thread`,
      threadPage,
      threadPath,
      conversationP50Ms,
      conversationHtmlGzip,
    );
    pageCheck("replied list ?replied=1", repliedList, "?replied=1", conversationP50Ms, conversationHtmlGzip);
    // Measured again, the status goes back to new and more voicemails are logged on the same records.
    checks.push(
      timingCheck("status change", statusChange, TARGETS.statusChangeP50Ms, (session) =>
        changeStatuses(session, "new"),
      ),
    );
    checks.push(timingCheck("logging a call", logCall, TARGETS.logCallP50Ms, logVoicemails));
    const csvCheck = (run: Export): Check => ({
      ok: run.totalMs <= TARGETS.csvMs,
      line: `inbox: CSV export of ${run.rows.toLocaleString("en-US")} rows in ${ms(run.totalMs)} (target <= ${TARGETS.csvMs} ms)`,
      timing: true,
      rerun: async () => {
        const second = await again(async (session, server) => {
          await timeExport(exportUrl, session, server);
          return timeExport(exportUrl, session, server);
        });
        return { ...csvCheck(second.totalMs < run.totalMs ? second : run), rerun: undefined };
      },
    });
    checks.push(csvCheck([...runs].sort((a, b) => a.totalMs - b.totalMs)[1]!));
    // Streamed, not built in memory: the first rows arrive long before the last, and the runtime
    // grows by less than the file it sent (an export built in memory holds the whole file, and
    // every record as an object before that). Locally `wrangler dev`'s proxy reads a response as
    // fast as the Worker writes it (a client that stops reading does not slow the Worker here),
    // so the bound itself is shown by test/inbox/inbox-csv.test.ts: one page of D1 per read.
    const growth = growthOf(csv);
    checks.push({
      ok: csv.rows === RECORDS && csv.firstByteMs < csv.totalMs / 10 && growth < csv.bytes,
      line:
        `inbox: CSV export of ${csv.rows.toLocaleString("en-US")} rows (${mb(csv.bytes)}) streamed: first byte at ` +
        `${ms(csv.firstByteMs)} of ${ms(csv.totalMs)}, workerd memory +${mb(growth)} (median of three) ` +
        `(target: every row, first byte < 10% of the time, growth < the file)`,
    });

    report = {
      records: RECORDS,
      seedSeconds,
      loadAverage: Number(load),
      firstPage,
      nameSearch,
      phoneSearch,
      insights,
      insights90,
      statusChange,
      dueList,
      threadPage,
      repliedList,
      logCall,
      csv: runs,
    };
  } finally {
    stopServer(server);
  }
  return { table, checks, report };
}
