// How much memory the Worker's runtime holds, and the inbox bench's CSV export timed while it is sampled
// (scripts/bench/inbox.ts).
import type { ChildProcess } from "node:child_process";
import { readdirSync, readFileSync } from "node:fs";

const KB = 1024;

/** The workerd processes that `wrangler dev` started (the Worker's runtime, with D1 inside). */
function workerdProcesses(server: ChildProcess): string[] {
  return readdirSync("/proc").filter((pid) => {
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const fields = stat.slice(stat.lastIndexOf(")") + 2).split(" ");
      return /^\d+$/.test(pid) && Number(fields[2]) === server.pid && stat.includes("(workerd)");
    } catch {
      return false;
    }
  });
}

export type ResidentMemory = { resident: number; anonymous: number; file: number };

/**
 * Their resident memory, in bytes, and its two kinds: anonymous (the heaps, what the Worker and the
 * runtime allocate) and file-backed (pages of mapped files: the binary and, when SQLite maps it, the
 * database file, which the kernel may drop and read again at any time).
 */
export function workerdMemoryParts(server: ChildProcess): ResidentMemory {
  const total: ResidentMemory = { resident: 0, anonymous: 0, file: 0 };
  const field = (status: string, name: string) =>
    Number(new RegExp(`${name}:\\s+(\\d+) kB`).exec(status)?.[1] ?? 0) * KB;
  for (const pid of workerdProcesses(server)) {
    try {
      const status = readFileSync(`/proc/${pid}/status`, "utf8");
      total.resident += field(status, "VmRSS");
      total.anonymous += field(status, "RssAnon");
      total.file += field(status, "RssFile") + field(status, "RssShmem");
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}

/** Their resident memory, in bytes. */
export const workerdMemory = (server: ChildProcess): number => workerdMemoryParts(server).resident;

export type Export = {
  rows: number;
  bytes: number;
  firstByteMs: number;
  totalMs: number;
  chunks: number;
  largestChunk: number;
  memoryBefore: number;
  memoryPeak: number;
};

/** Downloads a whole list as CSV, reading it as it comes, while sampling the Worker's memory. */
export async function timeExport(url: string, cookie: string, server: ChildProcess): Promise<Export> {
  const memoryBefore = workerdMemory(server);
  let memoryPeak = memoryBefore;
  const sampler = setInterval(() => (memoryPeak = Math.max(memoryPeak, workerdMemory(server))), 25);
  const start = performance.now();
  const response = await fetch(url, { headers: { Cookie: cookie } });
  if (!response.ok || !response.body) throw new Error(`${url} answered ${response.status}`);
  let firstByteMs = 0;
  let bytes = 0;
  let chunks = 0;
  let largestChunk = 0;
  let newlines = 0;
  const reader = response.body.getReader();
  for (;;) {
    const { done, value: chunk } = await reader.read();
    if (done) break;
    if (chunks === 0) firstByteMs = performance.now() - start;
    chunks += 1;
    bytes += chunk.byteLength;
    largestChunk = Math.max(largestChunk, chunk.byteLength);
    for (const byte of chunk) if (byte === 10) newlines += 1;
  }
  const end = performance.now();
  clearInterval(sampler);
  return {
    // Rows end with CRLF; a message may hold line breaks too, but the seeded ones do not.
    rows: newlines - 1,
    bytes,
    firstByteMs,
    totalMs: end - start,
    chunks,
    largestChunk,
    memoryBefore,
    memoryPeak,
  };
}
