import type { AuditAction } from "~/audit/actions";
import { getDb, type Database } from "~/db/db.server";
import { auditLog } from "~/db/schema/audit";
import type { AppEnv } from "../http/env.server";

/** Who did it: a signed-in member, or (for a failed sign-in) only the name that was tried. */
export type AuditActor = { id: string | null; name: string } | null;

export type AuditEntry = {
  actor: AuditActor;
  action: AuditAction;
  /** What it was done to, as the audit page shows it: "contact-messages/<id>", a username… */
  target?: string | null;
  /** A few facts worth keeping (the new status, the role given). Never a secret or a token. */
  detail?: Record<string, string | number | boolean | null>;
  /** The client's address key (clientKey in app/server/http/client-address.server.ts). */
  client: string | null;
  /** The request's time (docs/decisions/012-request-time-and-open-now.md). */
  at: Date;
};

/** Who is acting, from where and when: what every entry of one request shares. */
export type Acting = Pick<AuditEntry, "actor" | "client" | "at">;

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
 * the nightly purge of entries past their keeping time (audit-log-purge.server.ts).
 */
export async function recordAudit(env: AppEnv, entry: AuditEntry): Promise<void> {
  await auditInsert(getDb(env), entry);
}
