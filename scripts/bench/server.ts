// The local servers the bench parts measure: the production build under `wrangler dev`, each on a
// port and a throwaway D1/KV state of its own, started and stopped the same way by every part.
import { type ChildProcess, execFileSync, spawn, spawnSync } from "node:child_process";
import { rmSync } from "node:fs";
import path from "node:path";

export const projectRoot = path.resolve(import.meta.dirname, "../..");

// No metrics, no fetch of Request.cf from the network (offline here), no interactive prompts.
export const quietEnv = {
  ...process.env,
  WRANGLER_SEND_METRICS: "false",
  CLOUDFLARE_CF_FETCH_ENABLED: "false",
  CI: "true",
};

/** Runs a command of the project quietly (its errors still shown); throws if it fails. */
export function run(command: string, args: string[], input?: string) {
  execFileSync(command, args, {
    cwd: projectRoot,
    env: quietEnv,
    input,
    stdio: [input ? "pipe" : "ignore", "ignore", "inherit"],
  });
}

/** Runs a command of the project and returns what it printed (stdout and stderr); throws if it fails. */
export function runCapturing(command: string, args: string[]): string {
  const result = spawnSync(command, args, { cwd: projectRoot, env: quietEnv, encoding: "utf8" });
  const output = `${result.stdout}${result.stderr}`;
  if (result.status !== 0) throw new Error(`${command} ${args.join(" ")} failed:\n${output}`);
  return output;
}

/** Empties a state folder and applies the migrations there. */
export function freshDatabase(stateDir: string) {
  rmSync(path.resolve(projectRoot, stateDir), { recursive: true, force: true });
  const args = ["wrangler", "d1", "migrations", "apply", "DB", "--local", "--config", "wrangler.toml"];
  run("npx", [...args, "--persist-to", stateDir]);
}

export type DevServer = {
  port: number;
  stateDir: string;
  /** `wrangler dev -c` files, in order; none: the project's own configuration. */
  configFiles?: string[];
  /** Worker variables (`wrangler dev --var`), e.g. the page cache's store. */
  vars?: Record<string, string>;
  timeoutSeconds?: number;
};

/** Starts `wrangler dev` and waits until its /api/health answers. */
export async function startServer({
  port,
  stateDir,
  configFiles = [],
  vars = {},
  timeoutSeconds = 60,
}: DevServer): Promise<ChildProcess> {
  // An inspector port of its own: two servers starting together would otherwise both take 9229.
  const args = ["wrangler", "dev", "--port", String(port), "--inspector-port", String(port + 1000)];
  args.push("--persist-to", stateDir, ...configFiles.flatMap((file) => ["-c", file]));
  args.push(...Object.entries(vars).flatMap(([name, value]) => ["--var", `${name}:${value}`]));
  const server = spawn("npx", args, { cwd: projectRoot, env: quietEnv, stdio: "ignore", detached: true });
  for (let waited = 0; waited < timeoutSeconds * 1000; waited += 250) {
    try {
      if ((await fetch(`http://localhost:${port}/api/health`)).ok) return server;
    } catch {
      // not up yet
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  stopServer(server);
  throw new Error(`The local server did not answer on port ${port} within ${timeoutSeconds} s`);
}

/** Stops a server and everything it started (wrangler, workerd). */
export function stopServer(server: ChildProcess) {
  try {
    if (server.pid) process.kill(-server.pid, "SIGTERM");
  } catch {
    // stopped already
  }
}
