// `npm test`: every check, cheapest first, so a mistake fails in the first minute rather than after the
// Worker suite; stops at the first part that fails and prints how long each part took.
// - db:check: the schema, the SQL migrations and drizzle's meta agree (scripts/check-schema.ts).
// - typegen (Worker and route types), once for both tsc and ESLint.
// - build, typecheck, lint side by side on the two cores, each without its own typegen: ESLint (typed
//   rules, the longest) in one lane; in the other the production build, which refuses a server-only
//   module reached from browser code (a route's component using a *.server.ts export) in seconds and
//   so comes first, then tsc, the lint rules' own tests and Prettier. A failure stops the other lane.
// - test:worker (vitest in workerd), test:e2e (Playwright in Chromium, serving the build made above);
//   Chromium is looked for first (scripts/test-browser.ts).
import { spawn } from "node:child_process";
import { missingTestBrowser } from "./test-browser.ts";

/** A part: npm scripts run one after another, or lanes of them run side by side. */
type Part = { name: string; lanes: string[][] };
const alone = (script: string): Part => ({ name: script, lanes: [[script]] });

const parts: Part[] = [
  alone("db:check"),
  alone("typegen"),
  // What `npm run build`, `npm run typecheck` and `npm run lint` run after their typegen (package.json).
  {
    name: "build+types+lint",
    lanes: [["build", "typecheck:tsc", "lint:rules", "format:check"], ["lint:eslint"]],
  },
  alone("test:worker"),
  alone("test:e2e"),
];

/** "stopped": ended because a script beside it failed. */
type Timing = { name: string; seconds: number; status: "ok" | "FAILED" | "stopped" };
const times: Timing[] = [];
/** Each script's own time inside a part of lanes: what it would cost alone, roughly. */
const scriptTimes = new Map<string, Timing[]>();

function summary() {
  console.log("\nnpm test, each part's time:");
  const line = ({ name, seconds, status }: Timing, indent = "") =>
    `  ${(indent + name).padEnd(16)} ${seconds.toFixed(0).padStart(5)} s  ${status}`;
  for (const timing of times) {
    console.log(line(timing));
    for (const script of scriptTimes.get(timing.name) ?? []) console.log(line(script, "  "));
  }
  const total = times.reduce((sum, { seconds }) => sum + seconds, 0);
  console.log(`  ${"total".padEnd(16)} ${total.toFixed(0).padStart(5)} s`);
}

const running = new Set<ReturnType<typeof spawn>>();
const stopped = new Set<ReturnType<typeof spawn>>();

/**
 * Ends every script still running beside the one that failed. A script beside another runs in a
 * process group of its own (see runScript), ended whole: killing npm alone would leave its ESLint or
 * tsc running.
 */
let someScriptFailed = false;
let buildIsFresh = false;
function stopTheOthers() {
  someScriptFailed = true;
  for (const child of running) {
    stopped.add(child);
    if (child.pid) process.kill(-child.pid, "SIGTERM");
  }
}

// Ctrl-C reaches this process's group only: it ends the scripts' groups too.
for (const signal of ["SIGINT", "SIGTERM"] as const) {
  process.on(signal, () => {
    stopTheOthers();
    process.exit(130);
  });
}

/**
 * Runs one npm script. Alone, its output goes straight to the terminal; beside another, it is held
 * and printed whole when the script ends, so two scripts' lines never interleave.
 */
function runScript(script: string, shared: boolean): Promise<Timing> {
  const started = performance.now();
  // The browser tests serve the build made above instead of building again (unless a part list left it out).
  const env = script === "test:e2e" && buildIsFresh ? { ...process.env, E2E_BUILD_IS_FRESH: "1" } : process.env;
  const child = spawn("npm", ["run", "--silent", script], {
    stdio: shared ? "pipe" : "inherit",
    env,
    detached: shared,
  });
  running.add(child);
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  child.stderr?.on("data", (chunk: Buffer) => (output += chunk.toString()));
  return new Promise((resolve) => {
    child.on("close", (status) => {
      running.delete(child);
      const result = status === 0 ? "ok" : stopped.has(child) ? "stopped" : "FAILED";
      if (shared && result !== "stopped") {
        console.log(`\n> npm run ${script}${result === "ok" ? "" : " (FAILED)"}`);
        if (output) process.stdout.write(output);
      }
      resolve({ name: script, seconds: (performance.now() - started) / 1000, status: result });
    });
  });
}

/** Runs a lane's scripts in turn; the first failure ends the lane and every other lane. */
async function runLane(scripts: string[], shared: boolean, timings: Timing[]): Promise<boolean> {
  for (const script of scripts) {
    if (someScriptFailed) return false;
    const timing = await runScript(script, shared);
    timings.push(timing);
    if (script === "build" && timing.status === "ok") buildIsFresh = true;
    if (timing.status !== "ok") {
      stopTheOthers();
      return false;
    }
  }
  return true;
}

// The browser tests come last: a machine without their browser hears so now, not after the build.
const noBrowser = missingTestBrowser();
if (noBrowser) {
  console.error(noBrowser);
  process.exit(1);
}

// `npm test -- <part> ...` runs only the parts named (e.g. build+types+lint, to time it), in the usual order.
const named = process.argv.slice(2);
const unknown = named.filter((name) => !parts.some((part) => part.name === name));
if (unknown.length > 0) {
  console.error(`No such part: ${unknown.join(", ")}. The parts: ${parts.map((part) => part.name).join(", ")}.`);
  process.exit(1);
}

for (const { name, lanes } of parts.filter((part) => named.length === 0 || named.includes(part.name))) {
  const started = performance.now();
  const shared = lanes.length > 1;
  console.log(shared ? `\n> ${lanes.map((lane) => lane.join(" && ")).join("  |  ")}` : `\n> npm run ${name}`);
  const timings: Timing[] = [];
  const results = await Promise.all(lanes.map((lane) => runLane(lane, shared, timings)));
  const ok = results.every(Boolean);
  times.push({ name, seconds: (performance.now() - started) / 1000, status: ok ? "ok" : "FAILED" });
  if (shared) scriptTimes.set(name, timings);
  if (!ok) {
    summary();
    process.exit(1);
  }
}
summary();
