// The notifications part of `npm run bench` (`npm run bench -- notifications` runs it alone). Two
// measurements, each on the production build served by `wrangler dev` with its own throwaway D1/KV
// state:
//
// 1. POST /api/contact latency (p50) with the notifications on, against the same build with them
//    off, interleaved. "Off" swaps NOTIFY_QUEUE for a queue that drops every message; "on" is the
//    app as configured, its queue consumer sending every email to the local send_email emulator.
// 2. 500 submissions while the mail binding fails 30% of the time: every one delivered, none twice.
//    The failing binding is a second Worker (scripts/bench/mail-stubs.ts) bound in place of
//    NOTIFY_EMAIL in a copy of the app's configuration, so the app itself has no switch for it.
//
// Both swaps live in configuration copies under build/server/ that only this script writes.
import { existsSync, readdirSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import path from "node:path";
import { DatabaseSync } from "node:sqlite";
import { freshDatabase, projectRoot as root, startServer as startDevServer, stopServer } from "./server.ts";

const buildDir = path.join(root, "build/server");
// `wrangler dev` keeps the emulator's .eml files next to the first configuration it is given,
// until it exits.
const emailDir = path.join(buildDir, ".wrangler/tmp/email");

export const NOTIFICATION_TARGETS = { latencyRatio: 1.1, flakySubmissions: 500, failureRate: 0.3 };

type Check = { ok: boolean; line: string; timing?: boolean };

// ---------------------------------------------------------------------------------------------
// Configurations

type WranglerJson = Record<string, unknown> & { services?: unknown[]; vars?: Record<string, string> };

function writeConfig(name: string, edit: (config: WranglerJson) => WranglerJson): string {
  const config = JSON.parse(readFileSync(path.join(buildDir, "wrangler.json"), "utf8")) as WranglerJson;
  const file = path.join(buildDir, `wrangler.${name}.json`);
  writeFileSync(file, JSON.stringify(edit(config), null, 2));
  return file;
}

function stubsConfig(failureRate: number): string {
  const app = JSON.parse(readFileSync(path.join(buildDir, "wrangler.json"), "utf8")) as WranglerJson;
  const file = path.join(buildDir, "wrangler.bench-stubs.json");
  const config = {
    name: "bench-mail-stubs",
    main: path.join(root, "scripts/bench/mail-stubs.ts"),
    compatibility_date: app.compatibility_date,
    compatibility_flags: app.compatibility_flags,
    send_email: [{ name: "MAIL" }],
    vars: { FAILURE_RATE: String(failureRate) },
  };
  writeFileSync(file, JSON.stringify(config, null, 2));
  return file;
}

const stubBinding = (binding: string, entrypoint: string) => ({ binding, service: "bench-mail-stubs", entrypoint });

function configs() {
  const on = path.join(buildDir, "wrangler.json");
  const off = writeConfig("bench-notify-off", (config) => ({
    ...config,
    queues: { producers: [], consumers: [] },
    services: [...(config.services ?? []), stubBinding("NOTIFY_QUEUE", "DroppingQueue")],
  }));
  const flaky = writeConfig("bench-notify-flaky", (config) => ({
    ...config,
    send_email: [],
    services: [...(config.services ?? []), stubBinding("NOTIFY_EMAIL", "FlakyMail")],
    // Retries 1, 2, 4… seconds apart instead of 10, 20, 40…, so the run ends in a minute or two.
    vars: { ...config.vars, NOTIFY_RETRY_SECONDS: "1" },
  }));
  return { on, off, flaky, stubs: stubsConfig(NOTIFICATION_TARGETS.failureRate) };
}

// ---------------------------------------------------------------------------------------------
// Servers

const startServer = (port: number, stateDir: string, configFiles: string[]) =>
  startDevServer({ port, stateDir, configFiles, timeoutSeconds: 40 });

async function withServer<T>(port: number, stateDir: string, configFiles: string[], run: () => Promise<T>): Promise<T> {
  const server = await startServer(port, stateDir, configFiles);
  try {
    return await run();
  } finally {
    stopServer(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
}

// ---------------------------------------------------------------------------------------------
// Submissions

let clientCounter = 0;

function contactBody(email: string) {
  return JSON.stringify({
    firstName: "Bench",
    lastName: "Mark",
    email,
    phone: "(410) 555-0100",
    message: "Load test message from npm run bench.",
  });
}

/** POSTs one contact message from a client address of its own; returns its status and milliseconds. */
async function postContact(origin: string, email: string): Promise<{ status: number; ms: number }> {
  clientCounter += 1;
  const started = performance.now();
  const response = await fetch(`${origin}/api/contact`, {
    method: "POST",
    headers: { "Content-Type": "application/json", "CF-Connecting-IP": `2001:db8:b::${clientCounter.toString(16)}` },
    body: contactBody(email),
  });
  await response.arrayBuffer();
  return { status: response.status, ms: performance.now() - started };
}

/** `count` submissions, `concurrency` at a time, each with its own email address. */
async function submitMany(origin: string, count: number, concurrency: number, emailOf: (index: number) => string) {
  const results: { status: number; ms: number }[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: concurrency }, async () => {
      while (next < count) {
        const index = next++;
        results.push(await postContact(origin, emailOf(index)));
      }
    }),
  );
  return results;
}

const percentile = (values: number[], p: number) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.floor((sorted.length * p) / 100))] ?? Number.NaN;
};

// ---------------------------------------------------------------------------------------------
// Reading what happened: D1 rows and the emulator's .eml files

function d1(stateDir: string): DatabaseSync {
  const dir = path.join(root, stateDir, "v3/d1/miniflare-D1DatabaseObject");
  const file = readdirSync(dir).find((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  if (!file) throw new Error("No local D1 database found");
  return new DatabaseSync(path.join(dir, file), { readOnly: true });
}

function notifiedCount(stateDir: string, emailPrefix: string): { notified: number; attempts: number } {
  const db = d1(stateDir);
  try {
    const row = db
      .prepare(
        `select count(l.notified_at) as notified, coalesce(sum(l.attempts), 0) as attempts
         from contact_submissions as r join notification_ledger as l on l.submission_id = r.id where r.email like ?`,
      )
      .get(`${emailPrefix}%`) as { notified: number; attempts: number };
    return row;
  } finally {
    db.close();
  }
}

/** How many emails each visitor address was named in as Reply-To, read from the .eml files. */
function deliveriesByReplyTo(): Map<string, number> {
  const counts = new Map<string, number>();
  if (!existsSync(emailDir)) return counts;
  const files = readdirSync(emailDir, { recursive: true, encoding: "utf8" }).filter((name) => name.endsWith(".eml"));
  for (const file of files) {
    // Headers unfolded first: a long display name is written as encoded words on several lines.
    const raw = readFileSync(path.join(emailDir, file), "utf8").replace(/\r?\n(?=[ \t])/g, "");
    const replyTo = /^Reply-To: .*<([^>]+)>\r?$/m.exec(raw)?.[1];
    if (replyTo) counts.set(replyTo, (counts.get(replyTo) ?? 0) + 1);
  }
  return counts;
}

// ---------------------------------------------------------------------------------------------

const LATENCY_PAIRS = 400;

export async function benchNotifications(port: number, log: (line: string) => void = console.log) {
  const files = configs();
  const checks: Check[] = [];
  const lines: string[] = [];

  // 1. Latency: both servers up at once (on: `port`, off: `port + 1`), one visitor at a time,
  // alternating between them so both see the same machine.
  log("Measuring POST /api/contact with notifications on and off…");
  for (const mode of ["off", "on"] as const) freshDatabase(`.wrangler/bench-notify-${mode}`);
  const latencies: Record<"off" | "on", number[]> = { off: [], on: [] };
  const started = await Promise.allSettled([
    startServer(port, ".wrangler/bench-notify-on", [files.on]),
    startServer(port + 1, ".wrangler/bench-notify-off", [files.off, files.stubs]),
  ]);
  const servers = started.flatMap((result) => (result.status === "fulfilled" ? [result.value] : []));
  const failed = started.find((result) => result.status === "rejected");
  if (failed) {
    // The one that did start would outlive the bench and hold its port.
    for (const server of servers) stopServer(server);
    throw failed.reason;
  }
  try {
    const origins = { on: `http://localhost:${port}`, off: `http://localhost:${port + 1}` };
    for (const mode of ["on", "off"] as const) {
      await submitMany(origins[mode], 30, 1, (i) => `warmup-${mode}-${i}@example.com`);
    }
    for (let pair = 0; pair < LATENCY_PAIRS; pair++) {
      const order = pair % 2 === 0 ? (["on", "off"] as const) : (["off", "on"] as const);
      for (const mode of order) {
        const result = await postContact(origins[mode], `latency-${pair}@example.com`);
        if (result.status !== 201)
          throw new Error(`A submission with notifications ${mode} was answered ${result.status}`);
        latencies[mode].push(result.ms);
      }
    }
  } finally {
    for (const server of servers) stopServer(server);
    await new Promise((resolve) => setTimeout(resolve, 1000));
  }
  const p50 = { off: percentile(latencies.off, 50), on: percentile(latencies.on, 50) };
  const p99 = { off: percentile(latencies.off, 99), on: percentile(latencies.on, 99) };
  const ratio = p50.on / p50.off;
  lines.push(
    `POST /api/contact, ${LATENCY_PAIRS} each, one at a time, alternating: notifications on p50 ${p50.on.toFixed(1)} ms (p99 ${p99.on.toFixed(1)}), off p50 ${p50.off.toFixed(1)} ms (p99 ${p99.off.toFixed(1)}), ratio ${ratio.toFixed(2)}`,
  );
  checks.push({
    timing: true,
    ok: ratio <= NOTIFICATION_TARGETS.latencyRatio,
    line: `POST /api/contact p50 with notifications on/off ${p50.on.toFixed(1)}/${p50.off.toFixed(1)} ms, ratio ${ratio.toFixed(2)} (target <= ${NOTIFICATION_TARGETS.latencyRatio})`,
  });

  // 2. Delivery under a failing mail binding.
  const { flakySubmissions: count, failureRate } = NOTIFICATION_TARGETS;
  log(`Submitting ${count} contact messages while the mail binding fails ${failureRate * 100}% of the time…`);
  const stateDir = ".wrangler/bench-notify-flaky";
  freshDatabase(stateDir);
  rmSync(emailDir, { recursive: true, force: true });
  const prefix = `flaky-${Date.now()}-`;
  const emails = Array.from({ length: count }, (_, i) => `${prefix}${i}@example.com`);
  const delivery = await withServer(port, stateDir, [files.flaky, files.stubs], async () => {
    const origin = `http://localhost:${port}`;
    const started = performance.now();
    const results = await submitMany(origin, count, 25, (i) => emails[i]!);
    const created = results.filter((result) => result.status === 201).length;
    // Wait for the queue's own retries (1, 2, 4… 64 s apart here); should it stall longer than the
    // longest of them with some unsent (a message the queue gave up on), run the sweep as its Cron
    // Trigger would, 10 minutes on.
    let state = notifiedCount(stateDir, prefix);
    let swept = 0;
    let lastProgress = performance.now();
    while (state.notified < created && performance.now() - started < 400_000) {
      await new Promise((resolve) => setTimeout(resolve, 1000));
      const now = notifiedCount(stateDir, prefix);
      if (now.notified > state.notified) lastProgress = performance.now();
      state = now;
      if (performance.now() - lastProgress > 70_000) {
        swept += 1;
        lastProgress = performance.now();
        await fetch(`${origin}/cdn-cgi/local/scheduled?cron=*/5+*+*+*+*&time=${Date.now() + 10 * 60_000}`);
      }
    }
    const seconds = (performance.now() - started) / 1000;
    // The emulator writes each .eml file just after accepting it.
    await new Promise((resolve) => setTimeout(resolve, 2000));
    return { created, state, seconds, swept, byReplyTo: deliveriesByReplyTo() };
  });
  const { byReplyTo } = delivery;
  const delivered = emails.filter((email) => (byReplyTo.get(email) ?? 0) >= 1).length;
  const twice = emails.filter((email) => (byReplyTo.get(email) ?? 0) > 1).length;
  const lost = count - delivered;
  lines.push(
    `${count} submissions, mail failing ${failureRate * 100}%: ${delivery.created} × 201, ${delivery.state.attempts} send attempts (${delivery.state.attempts - delivery.state.notified} failed), ${delivered} delivered, ${twice} twice, ${lost} lost, all sent within ${delivery.seconds.toFixed(0)} s${delivery.swept ? ` (${delivery.swept} sweep run(s))` : ""}`,
  );
  checks.push({
    ok:
      delivery.created === count &&
      delivery.state.notified === count &&
      delivered === count &&
      twice === 0 &&
      lost === 0,
    line: `notifications under a mail binding failing ${failureRate * 100}%: ${delivered}/${count} delivered, ${twice} twice, ${lost} lost (target: all delivered, none twice, none lost)`,
  });

  const { byReplyTo: _, ...deliveryFigures } = delivery;
  return {
    lines,
    checks,
    report: { latency: { p50, p99, ratio }, delivery: { ...deliveryFigures, delivered, twice, lost } },
  };
}
