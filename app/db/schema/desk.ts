import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { ACTIVITY_TYPES, CALL_OUTCOMES } from "../../features/desk/activity";
import { inList, recordKey } from "./columns";

// The call-back desk's log: each call, note and email staff record on a record, with who and
// when, shown in the record's history beside the status changes. Deleted with the record. Not a
// foreign key: the kind names the table (as for submission_status_changes).
export const submissionActivity = sqliteTable(
  "submission_activity",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    ...recordKey(),
    type: text("type", { enum: ACTIVITY_TYPES }).notNull(),
    // A call's outcome; null for a note or an email.
    outcome: text("outcome", { enum: CALL_OUTCOMES }),
    note: text("note"),
    // The member's username (histories show the display name, joined on users).
    by: text("by").notNull(),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
  },
  (table) => [
    check("submission_activity_type_check", sql`${table.type} in (${inList(ACTIVITY_TYPES)})`),
    check(
      "submission_activity_outcome_check",
      sql`(${table.type} = 'call' and ${table.outcome} in (${inList(CALL_OUTCOMES)})) or (${table.type} <> 'call' and ${table.outcome} is null)`,
    ),
    index("submission_activity_submission_idx").on(table.submissionKind, table.submissionId, table.at),
  ],
);

export type ActivityRow = typeof submissionActivity.$inferSelect;
