import { sql } from "drizzle-orm";
import { check, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import type { WeeklyHours } from "../../content/hours";
import type { StoredResponseRecord } from "../../features/insights/response-record";
import { timestampMs } from "./columns";

// The shop's hours as the owner sets them (/incoming/settings, app/features/settings/server/). One row (id 1)
// once an owner has saved anything; until then, and for each column left null, the defaults in
// app/content/hours.ts hold.
export const shopSettings = sqliteTable(
  "shop_settings",
  {
    id: integer("id").primaryKey(),
    weeklyHours: text("weekly_hours", { mode: "json" }).$type<WeeklyHours>(),
    closedHolidays: text("closed_holidays", { mode: "json" }).$type<string[]>(),
    noticeText: text("notice_text"),
    noticeStartsAt: timestampMs("notice_starts_at"),
    noticeEndsAt: timestampMs("notice_ends_at"),
    // The owner's switch "Show our response record on the website", and the figure the hourly job
    // stores for it (migration 0014; docs/decisions/038-response-record.md).
    showResponseRecord: integer("show_response_record", { mode: "boolean" }).notNull().default(false),
    responseRecord: text("response_record", { mode: "json" }).$type<StoredResponseRecord>(),
  },
  () => [check("shop_settings_single_row", sql`id = 1`)],
);

// Days the shop is closed, by date; past ones go 30 days after (the nightly job), the audit log keeps them.
export const shopClosures = sqliteTable("shop_closures", {
  date: text("date").primaryKey(),
  reason: text("reason").notNull(),
  createdAt: timestampMs("created_at").notNull(),
  createdBy: text("created_by"),
});

// Days the shop keeps other hours ("HH:MM" in the shop's time zone), one entry per date.
export const shopSpecialHours = sqliteTable("shop_special_hours", {
  date: text("date").primaryKey(),
  opens: text("opens").notNull(),
  closes: text("closes").notNull(),
  reason: text("reason").notNull(),
  createdAt: timestampMs("created_at").notNull(),
  createdBy: text("created_by"),
});

// The shop's mail settings (migration 0032, docs/decisions/051-mail-settings-in-d1.md): who receives
// the shop's emails, whether visitors get a confirmation, and the name replies go out under. One
// row once an owner saved them; until then the configuration (NOTIFY_TO, CONFIRM_VISITOR) holds.
export const shopMailSettings = sqliteTable(
  "shop_mail_settings",
  {
    id: integer("id").primaryKey(),
    recipients: text("recipients", { mode: "json" }).$type<string[]>().notNull(),
    confirmVisitor: integer("confirm_visitor", { mode: "boolean" }).notNull(),
    senderName: text("sender_name").notNull(),
    updatedAt: timestampMs("updated_at").notNull(),
    updatedBy: text("updated_by"),
  },
  () => [check("shop_mail_settings_single_row", sql`id = 1`)],
);
