import { lt } from "drizzle-orm";
import { getDb } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import type { AppEnv } from "../http/env.server";

// Entries are kept 400 days: long enough to answer "who did this last year", short enough that
// the log does not keep every sign-in forever.
export const AUDIT_KEEP_DAYS = 400;

/** The nightly purge: entries older than 400 days at `now` go. Nothing else deletes an entry. */
export async function purgeOldAuditEntries(env: AppEnv, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await getDb(env).delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}
