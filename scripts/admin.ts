// Staff accounts from the command line (Node 24 runs this TypeScript file directly):
//
//   npm run admin:create -- <username> [--role owner|staff] [--remote] [--persist-to DIR]
//   npm run admin:password -- <username> [--remote] [--persist-to DIR]   (also ends its sessions)
//   npm run admin:2fa-reset -- <username> [--remote] [--persist-to DIR]  (removes its second factor)
//
// On a terminal it asks for the password twice; otherwise it reads one line from standard input
// (`printf '%s\n' "$PASSWORD" | npm run admin:create -- jane`). The password is hashed here with
// the Worker's own module, and only the hash goes to D1, through `wrangler d1 execute`.
import { spawnSync } from "node:child_process";
import { randomUUID } from "node:crypto";
import { fileURLToPath } from "node:url";
import { createInterface } from "node:readline";
import { Writable } from "node:stream";
import { parseArgs } from "node:util";
import {
  normalizeUsername,
  passwordProblem,
  reservedUsernameProblem,
  USERNAME_PATTERN,
  USERNAME_RULE,
} from "../app/features/sign-in/login-schema.ts";
import { hashPassword } from "../app/features/sign-in/server/password.server.ts";
import { D1_BUSY_ATTEMPTS, d1BusyDelayMs, isD1Busy } from "./local-d1.ts";

const USAGE = `Usage:
  npm run admin:create -- <username> [--role owner|staff] [--remote] [--persist-to DIR]
  npm run admin:password -- <username> [--remote] [--persist-to DIR]
  npm run admin:2fa-reset -- <username> [--remote] [--persist-to DIR]`;

type Target = { remote: boolean; persistTo?: string };

class CliError extends Error {}

const projectRoot = fileURLToPath(new URL("..", import.meta.url));

async function main(argv: string[]): Promise<void> {
  const { positionals, values } = parseArgs({
    args: argv,
    allowPositionals: true,
    options: {
      remote: { type: "boolean", default: false },
      "persist-to": { type: "string" },
      // The way back in for a locked-out shop, so an owner unless said otherwise.
      role: { type: "string", default: "owner" },
    },
  });
  const [command, rawUsername, ...extra] = positionals;
  if ((command !== "create" && command !== "password" && command !== "2fa-reset") || !rawUsername || extra.length > 0) {
    throw new CliError(USAGE);
  }
  if (values.remote && values["persist-to"])
    throw new CliError("--persist-to applies to the local D1 only, not with --remote.");
  const target: Target = { remote: values.remote, persistTo: values["persist-to"] };
  const role = values.role;
  if (role !== "owner" && role !== "staff")
    throw new CliError(`Invalid role "${role}": use --role owner or --role staff.`);
  if (command !== "create" && values.role !== "owner") throw new CliError("--role applies to admin:create only.");

  const username = normalizeUsername(rawUsername);
  if (!USERNAME_PATTERN.test(username)) throw new CliError(`Invalid username "${rawUsername}": use ${USERNAME_RULE}.`);
  const reserved = command === "create" ? reservedUsernameProblem(username) : null;
  if (reserved) throw new CliError(`Invalid username "${rawUsername}": ${reserved}`);

  // Checked before asking for a password, so nobody types one twice for nothing.
  const exists = userExists(username, target);
  if (command === "create" && exists) throw new CliError(`A staff account named "${username}" already exists.`);
  if (command !== "create" && !exists) throw new CliError(`There is no staff account named "${username}".`);

  if (command === "2fa-reset") {
    resetSecondFactor(username, target);
    return;
  }

  const password = await readPassword();
  const problem = passwordProblem(password);
  if (problem) throw new CliError(problem);
  const hash = await hashPassword(password);

  if (command === "create") {
    // The NOT EXISTS guard (and the unique index) also stops a concurrent duplicate.
    const created = query(
      `INSERT INTO users (id, username, password, role, created_at) SELECT ${sqlString(randomUUID())}, ${sqlString(username)}, ${sqlString(hash)}, ${sqlString(role)}, cast(unixepoch('subsec') * 1000 as integer) ` +
        `WHERE NOT EXISTS (SELECT 1 FROM users WHERE username = ${sqlString(username)}) RETURNING id`,
      target,
    );
    if (created.length !== 1) throw new CliError(`A staff account named "${username}" already exists.`);
    recordCliAudit("team.create", username, target);
    console.log(`Created staff account "${username}" (${role}) in ${targetName(target)}.`);
  } else {
    // Sessions record their start by the Worker's clock; the change is stamped by D1's. Both are
    // Cloudflare's, so every session that began before the change ends.
    const updated = query(
      `UPDATE users SET password = ${sqlString(hash)}, password_changed_at = cast(unixepoch('subsec') * 1000 as integer) ` +
        `WHERE username = ${sqlString(username)} RETURNING id`,
      target,
    );
    if (updated.length !== 1) throw new CliError(`There is no staff account named "${username}".`);
    recordCliAudit("password.change", username, target);
    console.log(`Changed the password of "${username}" in ${targetName(target)}; its open sessions have ended.`);
  }
}

/**
 * The way back in for a member (an owner) who lost their phone and recovery codes: their
 * authenticator app, recovery codes and passkeys are removed, and the audit log says so
 * (docs/decisions/035-second-factor.md). They sign in with their password and set up a new one.
 */
function resetSecondFactor(username: string, target: Target): void {
  const member = `(SELECT id FROM users WHERE username = ${sqlString(username)})`;
  query(
    [
      `DELETE FROM totp_secrets WHERE user_id = ${member}`,
      `DELETE FROM recovery_codes WHERE user_id = ${member}`,
      `DELETE FROM passkeys WHERE user_id = ${member}`,
      // Codes locked after too many wrong ones open again (docs/security.md).
      `UPDATE users SET code_failures = 0, code_day_failures = 0, codes_locked_at = NULL WHERE id = ${member}`,
      // Every session and half-finished sign-in ends: "lost phone" cuts off the lost phone's browser.
      `UPDATE staff_sessions SET ended_at = cast(unixepoch('subsec') * 1000 as integer) WHERE user_id = ${member} AND ended_at IS NULL`,
      `DELETE FROM pending_sign_ins WHERE user_id = ${member}`,
      `INSERT INTO audit_log (at, actor_id, actor_name, action, target) VALUES (cast(unixepoch('subsec') * 1000 as integer), NULL, 'npm run admin:2fa-reset', 'team.second-factor-reset', ${sqlString(username)})`,
    ].join("; "),
    target,
  );
  console.log(
    `Removed the second factor of "${username}" in ${targetName(target)} and ended its sessions: they sign in with their password and set up a new one.`,
  );
}

/** The audit log's entry for an account command, by the CLI (no member acted; `target` the account). */
function recordCliAudit(action: string, username: string, target: Target): void {
  query(
    `INSERT INTO audit_log (at, actor_id, actor_name, action, target) VALUES (cast(unixepoch('subsec') * 1000 as integer), NULL, ${sqlString(`npm run admin:${action === "team.create" ? "create" : "password"}`)}, ${sqlString(action)}, ${sqlString(username)})`,
    target,
  );
}

function targetName(target: Target): string {
  if (target.remote) return "the production D1 (--env production)";
  return `the local D1 (${target.persistTo ?? ".wrangler/state"})`;
}

/** A SQL string literal. Usernames are already limited to a safe charset; this is the second fence. */
function sqlString(value: string): string {
  return `'${value.replaceAll("'", "''")}'`;
}

function userExists(username: string, target: Target): boolean {
  const rows = query(`SELECT id FROM users WHERE username = ${sqlString(username)}`, target);
  return rows.length > 0;
}

type D1Result = { results?: Record<string, unknown>[] };

function runWrangler(sql: string, target: Target): D1Result[] {
  // The project's own config, not the build's redirected one; production is `[env.production]`.
  const args = ["d1", "execute", "DB", "--config", "wrangler.toml", "--json", "--command", sql];
  if (target.remote) args.push("--remote", "--env", "production");
  else args.push("--local");
  if (target.persistTo) args.push("--persist-to", target.persistTo);
  // An argument list, not a shell line: nothing in it is interpreted by a shell.
  const run = () =>
    spawnSync("wrangler", args, {
      cwd: projectRoot,
      encoding: "utf8",
      env: { ...process.env, WRANGLER_SEND_METRICS: "false", CLOUDFLARE_CF_FETCH_ENABLED: "false" },
    });
  let result = run();
  // A local server writing at that moment: try again (local-d1.ts).
  const busy = () => result.status !== 0 && isD1Busy(`${result.stdout}${result.stderr}`);
  for (let attempt = 1; attempt < D1_BUSY_ATTEMPTS && busy(); attempt++) {
    Atomics.wait(new Int32Array(new SharedArrayBuffer(4)), 0, 0, d1BusyDelayMs(attempt));
    result = run();
  }
  if (result.error) {
    throw new CliError(
      `Could not run wrangler (${result.error.message}). Run this through npm: npm run admin:create -- <username>`,
    );
  }
  const output = `${result.stdout}\n${result.stderr}`;
  if (result.status !== 0) {
    if (output.includes("no such table")) {
      throw new CliError(
        `The users table does not exist yet: apply the migrations first (npm run db:migrate${target.remote ? ":remote" : ""}).`,
      );
    }
    throw new CliError(`wrangler d1 execute failed:\n${output.trim()}`);
  }
  try {
    return JSON.parse(result.stdout) as D1Result[];
  } catch {
    throw new CliError(`Unexpected output from wrangler d1 execute:\n${output.trim()}`);
  }
}

function query(sql: string, target: Target): Record<string, unknown>[] {
  return runWrangler(sql, target).flatMap((statement) => statement.results ?? []);
}

async function readPassword(): Promise<string> {
  if (!process.stdin.isTTY) return readFirstLine();
  // readline in terminal mode turns off the terminal's echo; its own echo goes to a muted stream.
  let muted = false;
  const output = new Writable({
    write(chunk: string | Uint8Array, encoding, callback) {
      if (!muted) process.stdout.write(chunk, encoding);
      callback();
    },
  });
  const prompt = createInterface({ input: process.stdin, output, terminal: true });
  // Lines typed ahead of a prompt are queued by the iterator, not lost.
  const lines = prompt[Symbol.asyncIterator]();
  const ask = async (question: string) => {
    process.stdout.write(question);
    muted = true;
    const line = await lines.next();
    muted = false;
    process.stdout.write("\n");
    if (line.done) throw new CliError("Cancelled.");
    return line.value;
  };
  try {
    const password = await ask("Password: ");
    const repeated = await ask("Repeat the password: ");
    if (password !== repeated) throw new CliError("The passwords do not match.");
    return password;
  } finally {
    prompt.close();
  }
}

async function readFirstLine(): Promise<string> {
  let text = "";
  for await (const chunk of process.stdin) {
    text += chunk;
    if (text.includes("\n")) break;
  }
  const line = text.split(/\r?\n/, 1)[0] ?? "";
  if (line === "") throw new CliError("No password on standard input: pipe one line, or run this in a terminal.");
  return line;
}

main(process.argv.slice(2)).catch((error: unknown) => {
  if (error instanceof CliError) {
    console.error(error.message);
  } else {
    console.error(error);
  }
  process.exitCode = 1;
});
