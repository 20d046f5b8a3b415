// The local D1 database that `wrangler dev` (npm start, the browser tests, the bench) keeps on disk,
// for Node scripts that read or fill it directly with node:sqlite.
import { readdirSync } from "node:fs";
import path from "node:path";

/** Wrangler's default state folder, the one `npm start` and `npm run dev` use. */
export const DEFAULT_STATE_DIR = ".wrangler/state";

/**
 * The SQLite file behind the `DB` binding under a wrangler state folder (`--persist-to`). It exists
 * once migrations have been applied there.
 */
export function localD1File(stateDir: string): string {
  const dir = path.join(stateDir, "v3", "d1", "miniflare-D1DatabaseObject");
  let files: string[] = [];
  try {
    files = readdirSync(dir).filter((name) => name.endsWith(".sqlite") && name !== "metadata.sqlite");
  } catch {
    // No folder yet: reported below.
  }
  const [file] = files;
  if (!file) throw new Error(`No D1 database in ${dir}: apply the migrations there first.`);
  return path.join(dir, file);
}

// `wrangler d1 execute` sets no busy timeout: while a local server is writing, it fails at once with
// SQLITE_BUSY. A busy statement changed nothing, so its callers run it again, up to this many
// times in all, a little longer apart each time (the server does the same: decision 055).
export const D1_BUSY_ATTEMPTS = 8;

/** Whether a failed `wrangler d1 execute` (its output) only met a database that was busy at that moment. */
export { isD1Busy } from "../app/db/busy-retry.server.ts";

export const d1BusyDelayMs = (attempt: number) => 100 * attempt + Math.random() * 200;
