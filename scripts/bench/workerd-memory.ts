// How much memory the Worker's runtime holds, for the inbox bench's CSV export (scripts/bench/inbox.ts).
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

/** Their resident memory, in bytes. */
export function workerdMemory(server: ChildProcess): number {
  let total = 0;
  for (const pid of workerdProcesses(server)) {
    try {
      const rss = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, "utf8"))?.[1];
      total += Number(rss ?? 0) * KB;
    } catch {
      // The process ended while being read.
    }
  }
  return total;
}
