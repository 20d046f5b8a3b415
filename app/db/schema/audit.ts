import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";

// Who did what on the staff side (app/features/audit/server/): append-only, newest first by id. The actor's
// name is copied in, so an entry stays readable after its account is removed.
export const auditLog = sqliteTable(
  "audit_log",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    at: integer("at", { mode: "timestamp_ms" }).notNull(),
    actorId: text("actor_id"),
    // The actor's name at the time; for a failed sign-in, the username that was tried.
    actorName: text("actor_name"),
    action: text("action").notNull(),
    // What it was done to, as the audit page shows it ("contact-messages/<id>", a username…).
    target: text("target"),
    detail: text("detail", { mode: "json" }).$type<Record<string, string | number | boolean | null>>(),
    client: text("client"),
  },
  (table) => [
    index("audit_log_actor_idx").on(table.actorId, table.id),
    index("audit_log_action_idx").on(table.action, table.id),
    index("audit_log_at_idx").on(table.at),
  ],
);
