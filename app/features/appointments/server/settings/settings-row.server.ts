import { eq } from "drizzle-orm";
import type { SelectResultFields } from "drizzle-orm/query-builders/select.types";
import type { SelectedFields } from "drizzle-orm/sqlite-core";
import { type Database, getDb } from "~/db/db.server";
import { appointmentSettings } from "~/db/schema/appointments";
import { type AuditEntry, auditInsert } from "~/features/audit/audit.server";
import type { Acting } from "~/http/staff-member.server";
import type { AppEnv } from "~/http/env.server";

// The appointments' settings (capacity, switches, online booking) are columns of one row of
// appointment_settings (migration 0025): each setting reads its columns and writes them back here.

const ROW_ID = 1;

/** Some of the row's columns, or undefined until an owner has saved anything. */
export function readSettingsColumns<Columns extends SelectedFields>(
  env: Pick<AppEnv, "DB">,
  columns: Columns,
): Promise<SelectResultFields<Columns> | undefined> {
  // drizzle's select over a generic selection loses its row type: the type above is what it returns.
  return getDb(env)
    .select(columns)
    .from(appointmentSettings)
    .where(eq(appointmentSettings.id, ROW_ID))
    .get() as Promise<SelectResultFields<Columns> | undefined>;
}

type SettingsColumns = Partial<Omit<typeof appointmentSettings.$inferInsert, "id">>;

/** Writes these columns (the row made if missing), as a statement for the batch that holds its audit entry. */
export function writeSettingsColumns(db: Database, columns: SettingsColumns) {
  return db
    .insert(appointmentSettings)
    .values({ id: ROW_ID, ...columns })
    .onConflictDoUpdate({ target: appointmentSettings.id, set: columns });
}

/** Writes these columns and the change's one audit entry in one batch (decision 062). */
export async function saveSettingsColumns(
  env: Pick<AppEnv, "DB">,
  columns: SettingsColumns,
  acting: Acting,
  entry: Omit<AuditEntry, keyof Acting>,
): Promise<void> {
  const db = getDb(env);
  await db.batch([writeSettingsColumns(db, columns), auditInsert(db, { ...acting, ...entry })]);
}
