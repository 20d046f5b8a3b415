import { and, asc, eq, isNull, type SQL, sql } from "drizzle-orm";
import { insertIf } from "~/db/conditional-write.server";
import { type Database, getDb } from "~/db/db.server";
import { submissionActivity } from "~/db/schema/desk";
import { inboxTables } from "~/db/schema/inbox";
import { users } from "~/db/schema/staff";
import { type ActivityType, type CallOutcome, countsAsContact } from "~/features/desk/activity";
import { type ActivityInput, activitySchema } from "~/features/desk/schemas";
import { followUpFromShopTime } from "~/features/desk/follow-up";
import type { DeskMember } from "~/features/desk/members";
import type { InboxKind } from "~/records/kinds";
import type { SubmissionStatus } from "~/records/statuses";
import { AUDIT_IF_CHANGED, auditInsertIf } from "../audit/audit.server";
import { type Acting } from "../../http/staff-member.server";
import type { AppEnv } from "../../http/env.server";
import { refused, succeeded, type Outcome } from "../../http/outcome.server";
import {
  auditTarget,
  contactStatements,
  type InboxRecordWithHistory,
  recordFrom,
  recordReads,
  statusChangeStatements,
  whileRecordExists,
} from "../inbox/inbox.server";

// The call-back desk (docs/decisions/037-call-back-desk.md): the call log on each record, who
// handles it, and when to call back. Each write is one D1 batch that also keeps the record's first
// contact (set once, never overwritten: the insights measure the 24-hour promise from it), marks a
// `new` record contacted when a call reached them or an email went out, and reads the record back.

const activeMember = and(isNull(users.disabledAt), isNull(users.removedAt));

/** The members a record can be assigned to, by the name staff know them by. */
export async function activeMembers(env: Pick<AppEnv, "DB">): Promise<DeskMember[]> {
  const rows = await getDb(env)
    .select({ username: users.username, name: sql<string>`coalesce(${users.displayName}, ${users.username})` })
    .from(users)
    .where(activeMember)
    .orderBy(asc(sql`lower(coalesce(${users.displayName}, ${users.username}))`));
  return rows;
}

/** One entry of a record's call log, written only while the record exists; returns its id. */
export function activityInsert(
  db: Database,
  kind: InboxKind,
  id: string,
  entry: { type: ActivityType; outcome: CallOutcome | null; note: string | null },
  acting: Acting,
) {
  const log = submissionActivity;
  return insertIf(
    db,
    log,
    {
      submissionKind: kind,
      submissionId: id,
      type: entry.type,
      outcome: entry.outcome,
      note: entry.note,
      by: acting.actor?.name ?? "",
      at: acting.at,
    },
    whileRecordExists(kind, id),
  ).returning({ id: log.id });
}

/**
 * Logs a call, a note or an email on a record, by the acting member at the request's time; null
 * for an unknown record. A call that reached them or an email counts as contact (contactStatements).
 */
export async function logActivity(
  env: AppEnv,
  kind: InboxKind,
  id: string,
  input: ActivityInput,
  acting: Acting,
): Promise<InboxRecordWithHistory | null> {
  const db = getDb(env);
  const outcome: CallOutcome | null = input.type === "call" ? input.outcome : null;
  const contact = countsAsContact(input.type, outcome);
  const target = auditTarget(kind, id);
  const [logged, , , , , rows, history, activity] = await db.batch([
    activityInsert(db, kind, id, { type: input.type, outcome, note: input.note ?? null }, acting),
    auditInsertIf(
      db,
      { ...acting, action: `record.${input.type}`, target, detail: outcome ? { outcome } : undefined },
      AUDIT_IF_CHANGED,
    ),
    // Only for a contact (each statement finds no row of an unknown record).
    ...contactStatements(db, kind, id, acting, contact ? sql`1 = 1` : sql`0 = 1`),
    ...recordReads(db, kind, id),
  ]);
  if (logged.length === 0) return null;
  return recordFrom(rows, history, activity);
}

/** A follow-up or assignee change: each key given is set (null clears it), each absent one kept. */
export type DeskChange = { followUpAt?: Date | null; assignee?: string | null; status?: SubmissionStatus };

export type DeskUpdate =
  { ok: true; record: InboxRecordWithHistory } | { ok: false; reason: "missing" | "unknown-assignee" };

/**
 * Sets a record's follow-up and assignee. An assignee must be an active member: otherwise nothing
 * is written (the check is part of the UPDATE, so a member removed meanwhile is refused too).
 */
export async function updateDesk(
  env: AppEnv,
  kind: InboxKind,
  id: string,
  change: DeskChange,
  acting: Acting,
): Promise<DeskUpdate> {
  const db = getDb(env);
  const table = inboxTables[kind];
  const assignee = change.assignee;
  const memberOk =
    typeof assignee === "string"
      ? sql`exists (select 1 from ${users} where ${users.username} = ${assignee} and ${users.disabledAt} is null and ${users.removedAt} is null)`
      : sql`1 = 1`;
  // A status sent with them changes in the same batch: all of it, or (no record, no such member) none.
  const status = change.status;
  const target = auditTarget(kind, id);
  // Each entry before the update, while the old value can be compared: made only for a real change
  // that the update below makes (the record there, the assignee an active member).
  const changes = (column: SQL, value: string | number | null) =>
    sql`exists (select 1 from ${table} where ${table.id} = ${id} and ${column} is not ${value} and ${memberOk})`;
  const followUpAt = change.followUpAt;
  const never = sql`0 = 1`;
  const [before, , , , , , updated, rows, history, activity] = await db.batch([
    db.select({ id: table.id }).from(table).where(eq(table.id, id)).limit(1),
    auditInsertIf(
      db,
      { ...acting, action: "record.follow-up", target, detail: { followUpAt: followUpAt?.toISOString() ?? null } },
      followUpAt !== undefined ? changes(sql`${table.followUpAt}`, followUpAt?.getTime() ?? null) : never,
    ),
    auditInsertIf(
      db,
      { ...acting, action: "record.assign", target, detail: { assignee: assignee ?? null } },
      assignee !== undefined ? changes(sql`${table.assignee}`, assignee) : never,
    ),
    // Without a status, its statements are held back by a condition that is never true.
    ...statusChangeStatements(db, kind, id, status ?? "new", acting, status !== undefined ? memberOk : never),
    db
      .update(table)
      .set({
        ...(followUpAt !== undefined ? { followUpAt } : {}),
        ...(assignee !== undefined ? { assignee } : {}),
      })
      .where(and(eq(table.id, id), memberOk))
      .returning({ id: table.id }),
    ...recordReads(db, kind, id),
  ]);
  if (before.length === 0) return { ok: false, reason: "missing" };
  if (updated.length === 0) return { ok: false, reason: "unknown-assignee" };
  const record = recordFrom(rows, history, activity);
  return record ? { ok: true, record } : { ok: false, reason: "missing" };
}

/** Whether the acting member may set this follow-up: not long past, not over a year ahead. */
export function followUpProblem(followUpAt: Date, now: Date): string | null {
  const day = 86_400_000;
  if (followUpAt.getTime() < now.getTime() - 7 * day) return "The call-back time is more than a week in the past.";
  if (followUpAt.getTime() > now.getTime() + 366 * day) return "The call-back time is more than a year away.";
  return null;
}

/** What a desk form on the record page did: a toast to show, or a refusal with its message. */
export type DeskFormResult = Outcome<{ title: string; description: string }>;

const text = (form: FormData, name: string) => {
  const value = form.get(name);
  return typeof value === "string" ? value : undefined;
};

/**
 * The record page's desk forms (intent `call`, `note`, `email`, `follow-up`, `assign`), read with
 * the API's own schema and rules; null for an intent that is not the desk's.
 */
export async function deskFormAction(
  env: AppEnv,
  kind: InboxKind,
  id: string,
  form: FormData,
  acting: Acting,
): Promise<DeskFormResult | null> {
  const intent = text(form, "intent") ?? "";
  const gone = refused("not-found", "This record no longer exists: someone may have deleted it.");
  switch (intent) {
    case "call":
    case "note":
    case "email": {
      const parsed = activitySchema.safeParse({
        type: intent,
        outcome: text(form, "outcome"),
        note: text(form, "note"),
      });
      if (!parsed.success) {
        const outcomeMissing = parsed.error.issues.some((issue) => issue.path[0] === "outcome");
        const message = outcomeMissing ? "Choose how the call went." : (parsed.error.issues[0]?.message ?? "");
        return refused("invalid", message);
      }
      const record = await logActivity(env, kind, id, parsed.data, acting);
      if (!record) return gone;
      const title = { call: "Call logged", note: "Note added", email: "Email logged" }[intent];
      return succeeded({ title, description: `${record.firstName} ${record.lastName}` });
    }
    case "follow-up": {
      let followUpAt: Date | null = null;
      if (text(form, "clear") === undefined) {
        followUpAt = followUpFromShopTime(text(form, "date") ?? "", text(form, "time") ?? "");
        if (!followUpAt) return refused("invalid", "Give the day and the time to call back.");
        const problem = followUpProblem(followUpAt, acting.at);
        if (problem) return refused("invalid", problem);
      }
      const result = await updateDesk(env, kind, id, { followUpAt }, acting);
      if (!result.ok) return gone;
      return succeeded({
        title: followUpAt ? "Call-back set" : "Call-back cleared",
        description: fullNameOf(result.record),
      });
    }
    case "assign": {
      // The select's "Nobody" sends an empty value.
      const chosen = text(form, "assignee") ?? "";
      const assignee = chosen === "" ? null : chosen;
      const result = await updateDesk(env, kind, id, { assignee }, acting);
      if (!result.ok) {
        return result.reason === "missing"
          ? gone
          : refused("invalid", "That member cannot be given records: choose another.");
      }
      return succeeded({ title: assignee ? "Assigned" : "Unassigned", description: fullNameOf(result.record) });
    }
    default:
      return null;
  }
}

const fullNameOf = (record: { firstName: string; lastName: string }) => `${record.firstName} ${record.lastName}`;
