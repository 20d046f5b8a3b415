// The Worker part of `npm run bench` (alone: `npm run bench -- worker`), on the build bench.ts made:
// the Worker as `wrangler deploy` would upload it (`--dry-run --outdir`: its modules, their size and
// gzip size as wrangler reports them), its startup as `wrangler check startup` profiles it (the
// active CPU time, best of five: a busy moment on this shared machine only ever adds time), and the
// ten heaviest packages in the modules, by the bytes their source maps attribute to each source file.
import { execFileSync } from "node:child_process";
import { mkdtempSync, readdirSync, readFileSync, rmSync, statSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { gzipSync } from "node:zlib";
import { type Check, KB, kb } from "./output.ts";
import { projectRoot, quietEnv } from "./server.ts";

const TARGETS = { gzipBytes: 450 * KB, startupMs: 40 };
const STARTUP_RUNS = 5;

export type WorkerBench = {
  modules: number;
  bytes: number;
  /** As `wrangler deploy` reports "gzip:" for the upload. */
  gzip: number;
  startup: { activeMs: number[]; best: number };
  packages: { name: string; bytes: number; gzip: number }[];
};

const wrangler = (args: string[]) =>
  execFileSync("npx", ["wrangler", ...args], { cwd: projectRoot, env: quietEnv, encoding: "utf8", stdio: "pipe" });

function dryRun(outdir: string) {
  const output = wrangler(["deploy", "--dry-run", "--outdir", outdir]);
  const upload = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(output);
  if (!upload) throw new Error(`wrangler deploy --dry-run printed no "Total Upload":\n${output}`);
  return { bytes: Number(upload[1]) * KB, gzip: Number(upload[2]) * KB };
}

/** One `wrangler check startup`: its "Active: N ms". */
function startupActiveMs(): number {
  const profile = path.join(projectRoot, "worker-startup.cpuprofile");
  try {
    const output = wrangler(["check", "startup"]);
    const active = /Active: ([\d.]+) ms/.exec(output);
    if (!active) throw new Error(`wrangler check startup printed no "Active:" time:\n${output}`);
    return Number(active[1]);
  } finally {
    rmSync(profile, { force: true });
  }
}

export function measureStartup(runs = STARTUP_RUNS) {
  const activeMs = Array.from({ length: runs }, startupActiveMs);
  return { activeMs, best: Math.min(...activeMs) };
}

// Source map "mappings" (base64 VLQ): for each generated line, segments of [column, source, …].
const VLQ = new Map([..."ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/"].map((c, i) => [c, i]));

function decodeSegment(segment: string): number[] {
  const values: number[] = [];
  let value = 0;
  let shift = 0;
  for (const char of segment) {
    const digit = VLQ.get(char)!;
    value += (digit & 31) << shift;
    if (digit & 32) {
      shift += 5;
    } else {
      values.push(value & 1 ? -(value >>> 1) : value >>> 1);
      value = 0;
      shift = 0;
    }
  }
  return values;
}

/** The package a source file belongs to: the last node_modules folder's package, or the project. */
export function packageOf(source: string): string {
  const at = source.lastIndexOf("node_modules/");
  if (at === -1) return source.includes("virtual:") || source.startsWith("\0") ? "(bundler)" : "(this project)";
  const [first, second] = source.slice(at + "node_modules/".length).split("/");
  return first!.startsWith("@") ? `${first}/${second}` : first!;
}

/** The generated text of a module attributed to packages by its source map (unmapped text: "(unmapped)"). */
function attribute(code: string, map: { sources: string[]; mappings: string }, into: Map<string, string[]>) {
  const lines = code.split("\n");
  const mappingLines = map.mappings.split(";");
  let source = 0;
  const add = (name: string, text: string) => {
    if (!text) return;
    const list = into.get(name) ?? [];
    list.push(text);
    into.set(name, list);
  };
  lines.forEach((line, index) => {
    const segments = (mappingLines[index] ?? "").split(",").filter(Boolean);
    let column = 0;
    let from = 0;
    let owner = "(unmapped)";
    for (const segment of segments) {
      const values = decodeSegment(segment);
      column += values[0]!;
      add(owner, line.slice(from, column));
      from = column;
      if (values.length >= 4) {
        source += values[1]!;
        owner = packageOf(map.sources[source] ?? "");
      } else {
        owner = "(unmapped)";
      }
    }
    add(owner, line.slice(from) + "\n");
  });
}

/** The heaviest packages in the build's server modules, by raw bytes and by their own gzip size. */
export function heaviestPackages(serverDir = path.join(projectRoot, "build/server"), count = 10) {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const name of readdirSync(dir)) {
      const full = path.join(dir, name);
      if (statSync(full).isDirectory()) walk(full);
      else if (name.endsWith(".js")) files.push(full);
    }
  };
  walk(serverDir);
  const texts = new Map<string, string[]>();
  for (const file of files) {
    const code = readFileSync(file, "utf8");
    let map: { sources: string[]; mappings: string } | null = null;
    try {
      map = JSON.parse(readFileSync(`${file}.map`, "utf8")) as { sources: string[]; mappings: string };
    } catch {
      // no map: the whole module is unattributed
    }
    if (map) attribute(code, map, texts);
    else texts.set("(unmapped)", [...(texts.get("(unmapped)") ?? []), code]);
  }
  return [...texts]
    .map(([name, parts]) => {
      const text = parts.join("");
      return { name, bytes: Buffer.byteLength(text), gzip: gzipSync(text, { level: 9 }).length };
    })
    .sort((a, b) => b.bytes - a.bytes)
    .slice(0, count);
}

export function benchWorker(log: (line: string) => void): WorkerBench {
  log("Measuring the Worker (wrangler deploy --dry-run, wrangler check startup)…");
  const outdir = mkdtempSync(path.join(tmpdir(), "bench-worker-"));
  try {
    const { bytes, gzip } = dryRun(outdir);
    const modules = readdirSync(outdir, { recursive: true }).filter((name) => String(name).endsWith(".js")).length;
    const startup = measureStartup();
    return { modules, bytes, gzip, startup, packages: heaviestPackages() };
  } finally {
    rmSync(outdir, { recursive: true, force: true });
  }
}

export function workerDetails(worker: WorkerBench): string[] {
  return [
    `The Worker as uploaded: ${worker.modules} modules, ${kb(worker.bytes)} KiB, ${kb(worker.gzip)} KiB gzip`,
    `Startup (wrangler check startup, active ms, ${worker.startup.activeMs.length} runs): ${worker.startup.activeMs.map((v) => v.toFixed(1)).join(", ")}`,
    "Heaviest packages in the server build (KiB, by source map; gz = that package's text alone, gzip -9)",
    ...worker.packages.map(
      ({ name, bytes, gzip }) => `  ${name.padEnd(34)} ${kb(bytes).padStart(7)}  gz ${kb(gzip).padStart(6)}`,
    ),
  ];
}

export function workerChecks(worker: WorkerBench): Check[] {
  const startupCheck = (best: number, runs: number[]): Check => ({
    ok: best <= TARGETS.startupMs,
    line: `Worker startup: ${best.toFixed(1)} ms active, best of ${runs.length} (target <= ${TARGETS.startupMs})`,
    timing: true,
    rerun: () => {
      const again = measureStartup();
      return startupCheck(Math.min(best, again.best), [...runs, ...again.activeMs]);
    },
  });
  return [
    {
      ok: worker.gzip <= TARGETS.gzipBytes,
      line: `Worker: ${kb(worker.gzip)} KiB gzip as uploaded (target <= ${kb(TARGETS.gzipBytes)})`,
    },
    startupCheck(worker.startup.best, worker.startup.activeMs),
  ];
}
