import { spawn } from "node:child_process";
import { e2eStateDir } from "../playwright.config";

/** The staff account that global-setup.ts creates for the browser tests (throwaway local state). */
export const staffAccount = { username: "e2e-admin", password: "e2e admin password, local only" } as const;

export type CliResult = { code: number | null; stdout: string; stderr: string };

/** Runs an npm script (admin:create, admin:password) against the test server's D1, with stdin. */
export function runAdminScript(
  script: "admin:create" | "admin:password",
  username: string,
  stdin: string,
): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn("npm", ["run", "--silent", script, "--", username, "--persist-to", e2eStateDir], {
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
      stdio: ["pipe", "pipe", "pipe"],
    });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
    child.stdin.end(stdin);
  });
}

/** Runs SQL against the test server's D1 the way the README's tools do (wrangler d1 execute). */
export function executeSql(sql: string): Promise<CliResult> {
  return new Promise((resolve, reject) => {
    const child = spawn(
      "wrangler",
      ["d1", "execute", "DB", "--local", "--config", "wrangler.toml", "--persist-to", e2eStateDir, "--command", sql],
      { env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" } },
    );
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => (stdout += chunk));
    child.stderr.on("data", (chunk) => (stderr += chunk));
    child.on("error", reject);
    child.on("close", (code) => resolve({ code, stdout, stderr }));
  });
}
