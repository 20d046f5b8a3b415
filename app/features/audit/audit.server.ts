import type { AuditAction } from "~/features/audit/actions";
import { lt } from "drizzle-orm";
import { getDb, type Database } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import type { AppEnv } from "../../http/env.server";
import type { Acting } from "../../http/staff-member.server";

/** One entry: who acted, from where and when (what every entry of one request shares), and what. */
export type AuditEntry = Acting & {
  action: AuditAction;
  /** What it was done to, as the audit page shows it: "contact-messages/<id>", a username… */
  target?: string | null;
  /** A few facts worth keeping (the new status, the role given). Never a secret or a token. */
  detail?: Record<string, string | number | boolean | null>;
};

/** The insert of one entry, for a batch that must record it with the change it describes. */
export function auditInsert(db: Database, entry: AuditEntry) {
  return db.insert(auditLog).values({
    at: entry.at,
    actorId: entry.actor?.id ?? null,
    actorName: entry.actor?.name ?? null,
    action: entry.action,
    target: entry.target ?? null,
    detail: entry.detail ?? null,
    client: entry.client,
  });
}

/**
 * Appends one entry. The log is append-only: nothing in the app edits or deletes an entry except
 * the nightly purge of entries past their keeping time (purgeOldAuditEntries, below).
 */
export async function recordAudit(env: AppEnv, entry: AuditEntry): Promise<void> {
  await auditInsert(getDb(env), entry);
}

// Entries are kept 400 days: long enough to answer "who did this last year", short enough that
// the log does not keep every sign-in forever.
export const AUDIT_KEEP_DAYS = 400;

/** The nightly purge: entries older than 400 days at `now` go. Nothing else deletes an entry. */
export async function purgeOldAuditEntries(env: AppEnv, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await getDb(env).delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}
