// Creates .dev.vars (git-ignored) with a random SESSION_SECRET for local runs, once.
// Production secrets are set with `wrangler secret put SESSION_SECRET` instead.
import { randomBytes } from "node:crypto";
import { existsSync, writeFileSync } from "node:fs";

const path = new URL("../.dev.vars", import.meta.url);
if (!existsSync(path)) {
  writeFileSync(path, `SESSION_SECRET=${randomBytes(32).toString("hex")}\n`, { mode: 0o600 });
  console.log("Created .dev.vars with a random SESSION_SECRET for local runs.");
}
