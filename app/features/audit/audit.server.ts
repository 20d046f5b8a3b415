import type { AuditAction } from "~/features/audit/actions";
import { lt, type SQL, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { insertIf } from "~/db/conditional-write.server";
import { getDb, type Database } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import type { AppEnv } from "../../http/env.server";
import type { Acting } from "../../http/staff-member.server";
import { NIGHTLY, type ScheduledTask } from "~/scheduled/scheduled.server";

/** One entry: who acted, from where and when (what every entry of one request shares), and what. */
export type AuditEntry = Acting & {
  action: AuditAction;
  /** What it was done to, as the audit page shows it: "contact-messages/<id>", a username… */
  target?: string | null;
  /** A few facts worth keeping (the new status, the role given). Never a secret or a token. */
  detail?: Record<string, string | number | boolean | null>;
};

// One way to write the log: an entry is a statement in the same D1 batch as the change it records
// (`db.batch([change, auditInsert(db, entry)])`), so the change and its entry are stored together
// or not at all. `auditInsert` gives a statement that can only go into a batch (its type has no
// `then` or `run`: awaiting it alone is a lint error, `@typescript-eslint/await-thenable`). An
// event that changes nothing else (a failed sign-in, an export) is written alone by `auditEvent`,
// which takes only the actions listed in EVENT_ACTIONS. test/audit/change-without-its-entry.test.ts
// makes the log unwritable and checks each change is then not stored either (decision 062).
// The log is append-only: nothing in the app edits or deletes an entry except the nightly purge of
// entries past their keeping time (purgeOldAuditEntries, below).

/**
 * The entry as the table's typed row: every write of the log (alone, in a batch, or only if a
 * condition holds) goes through it, so a new column of audit_log fails the typecheck here.
 */
const auditRow = (entry: AuditEntry): typeof auditLog.$inferInsert => ({
  at: entry.at,
  actorId: entry.actor?.id ?? null,
  actorName: entry.actor?.name ?? null,
  action: entry.action,
  target: entry.target ?? null,
  detail: entry.detail ?? null,
  client: entry.client,
});

/** An entry's insert as a statement of a batch: it cannot be run on its own. */
export type AuditStatement = BatchItem<"sqlite">;

/** The insert of one entry, for the batch of the change it describes. */
export function auditInsert(db: Database, entry: AuditEntry): AuditStatement {
  return db.insert(auditLog).values(auditRow(entry));
}

/**
 * The entries that record an event and no change to anything else: a failed sign-in or check, an
 * export read. Everything else is written with its change.
 */
const EVENT_ACTIONS = ["sign-in.failed", "second-factor.failed", "records.export"] as const;
type EventAction = (typeof EVENT_ACTIONS)[number];

/** Writes the entry of an event that changes nothing else (EVENT_ACTIONS), alone. */
export async function auditEvent(db: Database, entry: AuditEntry & { action: EventAction }): Promise<void> {
  if (!(EVENT_ACTIONS as readonly string[]).includes(entry.action)) {
    throw new Error(`"${entry.action}" records a change: write it in the change's batch (auditInsert)`);
  }
  await db.insert(auditLog).values(auditRow(entry));
}

/**
 * The insert of one entry that is made only when `condition` holds where it stands in the batch:
 * for a change whose WHERE may match nothing (the record gone, the last owner kept).
 * AUDIT_IF_CHANGED placed right after the change's statement tests that it changed a row.
 */
export function auditInsertIf(db: Database, entry: AuditEntry, condition: SQL): AuditStatement {
  return insertIf(db, auditLog, auditRow(entry), condition);
}

/** Whether the batch's previous statement inserted, updated or deleted a row (SQLite's changes()). */
export const AUDIT_IF_CHANGED = sql`changes() > 0`;

// Entries are kept 400 days: long enough to answer "who did this last year", short enough that
// the log does not keep every sign-in forever.
export const AUDIT_KEEP_DAYS = 400;

/** The nightly purge: entries older than 400 days at `now` go. Nothing else deletes an entry. */
export async function purgeOldAuditEntries(env: AppEnv, now: Date): Promise<number> {
  const cutoff = new Date(now.getTime() - AUDIT_KEEP_DAYS * 24 * 60 * 60 * 1000);
  const deleted = await getDb(env).delete(auditLog).where(lt(auditLog.at, cutoff)).returning({ id: auditLog.id });
  return deleted.length;
}

/** The nightly purge, as a scheduled task (app/scheduled/scheduled.server.ts). */
export const auditScheduledTasks: ScheduledTask[] = [
  {
    name: "audit log purge",
    cron: NIGHTLY,
    run: async (env, at) => `deleted ${await purgeOldAuditEntries(env, at)} audit log entries older than 400 days`,
  },
];
