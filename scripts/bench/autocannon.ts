// Load from a second process (autocannon's CLI), for the throughput and submissions parts.
import { execFileSync } from "node:child_process";
import path from "node:path";
import { projectRoot, quietEnv } from "./server.ts";

export type Cannon = {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  statusCodeStats?: Record<string, { count: number }>;
  errors: number;
  non2xx: number;
};

export function autocannon(args: string[]): Cannon {
  const output = execFileSync(path.join(projectRoot, "node_modules/.bin/autocannon"), ["--json", ...args], {
    cwd: projectRoot,
    env: quietEnv,
    stdio: ["ignore", "pipe", "ignore"],
    maxBuffer: 64 * 1024 * 1024,
  });
  return JSON.parse(output.toString()) as Cannon;
}
