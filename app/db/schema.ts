import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import type { WeeklyHours } from "../content/hours";
import { preferredTimes, visitTypes } from "../content/vehicle-visit";
import { SPAM_REASONS, SUBMISSION_STATUSES } from "../inbox/statuses";
import { STAFF_ROLES } from "../staff/roles";

const id = () =>
  text("id")
    .primaryKey()
    .$defaultFn(() => crypto.randomUUID());

// Milliseconds since the epoch, set by the database so every writer agrees on "now".
const submittedAt = () =>
  integer("submitted_at", { mode: "timestamp_ms" })
    .notNull()
    .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`);

const timestampMs = (name: string) => integer(name, { mode: "timestamp_ms" });

// The shop's email about each submission (app/server/notifications/, docs/decisions/030-notifications.md).
// Rows stored before notifications existed have no due time and are never sent.
const notificationColumns = () => ({
  // The origin the visitor used, for the email's link to the record when SITE_URL is not set.
  siteOrigin: text("site_origin"),
  // When every configured recipient had the email (null: not yet).
  notifiedAt: timestampMs("notified_at"),
  notifyAttempts: integer("notify_attempts").notNull().default(0),
  notifyLastError: text("notify_last_error"),
  // When the next attempt should have happened: the sweep re-enqueues what is overdue.
  notifyDueAt: timestampMs("notify_due_at").$defaultFn(() => new Date()),
  // A consumer is sending until then; no other may claim it meanwhile.
  notifyClaimedUntil: timestampMs("notify_claimed_until"),
  // The recipients who have it already, so a retry after a partial failure skips them.
  notifySentTo: text("notify_sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
  // The visitor's optional confirmation (CONFIRM_VISITOR): set when claimed, at most once.
  confirmationSentAt: timestampMs("confirmation_sent_at"),
});

const inList = (values: readonly string[]) => sql.raw(values.map((value) => `'${value}'`).join(", "));

export const users = sqliteTable(
  "users",
  {
    id: id(),
    username: text("username").notNull().unique(),
    password: text("password").notNull(),
    // Set by `npm run admin:password`: sessions that began before it are over. 0 = never changed.
    passwordChangedAt: integer("password_changed_at", { mode: "number" }).notNull().default(0),
    // Least privilege unless said otherwise: the CLI and invitations name the role they give.
    role: text("role", { enum: STAFF_ROLES }).notNull().default("staff"),
  },
  () => [check("users_role_check", sql`role in (${inList(STAFF_ROLES)})`)],
);

// Where a record stands (app/inbox/statuses.ts): the database refuses any other status, and a
// spam reason on a record that is not spam.
const statusColumns = () => ({
  status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
  spamReason: text("spam_reason", { enum: SPAM_REASONS }),
});

const statusChecks = (table: string) => [
  check(`${table}_status_check`, sql`status in (${inList(SUBMISSION_STATUSES)})`),
  check(
    `${table}_spam_reason_check`,
    // `is not null` spelled out: a CHECK fails only when false, and `null in (…)` is null, not false.
    sql`(status = 'spam' and spam_reason is not null and spam_reason in (${inList(SPAM_REASONS)})) or (status <> 'spam' and spam_reason is null)`,
  ),
];

// What the inbox search looks in, kept by the database itself so no writer can forget it: names,
// email, the phone's digits (so "410-555-0147" finds "(410) 555-0147") and the message, in lower
// case. The phone's other characters are the few the forms allow (app/forms/fields.ts). See
// docs/decisions/021-inbox-search.md.
const searchText = (extra: string[] = []) =>
  text("search_text").generatedAlwaysAs(
    sql.raw(
      `lower(${[
        "first_name",
        "last_name",
        "email",
        "replace(replace(replace(replace(replace(replace(phone, ' ', ''), '-', ''), '(', ''), ')', ''), '.', ''), '+', '')",
        ...extra,
        "message",
      ].join(" || ' ' || ")})`,
    ),
    { mode: "stored" },
  );

// Lists are read newest first, by status, a page at a time (keyset on submitted_at and id).
const listIndexes = (
  table: string,
  columns: { status: AnySQLiteColumn; submittedAt: AnySQLiteColumn; id: AnySQLiteColumn },
) => [
  index(`${table}_submitted_at_idx`).on(columns.submittedAt, columns.id),
  index(`${table}_status_submitted_at_idx`).on(columns.status, columns.submittedAt, columns.id),
];

// The sweep reads the unsent records by due time: an index of those only, small whatever the table's size.
const unsentIndex = (table: string, columns: { notifyDueAt: AnySQLiteColumn; notifiedAt: AnySQLiteColumn }) =>
  index(`${table}_unsent_idx`)
    .on(columns.notifyDueAt)
    .where(sql`${columns.notifiedAt} is null`);

export const contactSubmissions = sqliteTable(
  "contact_submissions",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    message: text("message").notNull(),
    submittedAt: submittedAt(),
    ...statusColumns(),
    searchText: searchText(),
    ...notificationColumns(),
  },
  (table) => [
    ...listIndexes("contact_submissions", table),
    ...statusChecks("contact_submissions"),
    unsentIndex("contact_submissions", table),
  ],
);

export const serviceRequests = sqliteTable(
  "service_requests",
  {
    id: id(),
    firstName: text("first_name").notNull(),
    lastName: text("last_name").notNull(),
    email: text("email").notNull(),
    phone: text("phone").notNull(),
    service: text("service").notNull(),
    message: text("message").notNull(),
    // Optional: the vehicle, and when and how the visitor would like to come in. Null when not given.
    vehicleYear: integer("vehicle_year"),
    vehicleMake: text("vehicle_make"),
    vehicleModel: text("vehicle_model"),
    mileage: integer("mileage"),
    /** `YYYY-MM-DD`, a day in the shop's calendar. */
    preferredDate: text("preferred_date"),
    preferredTime: text("preferred_time", { enum: preferredTimes }),
    visitType: text("visit_type", { enum: visitTypes }),
    submittedAt: submittedAt(),
    ...statusColumns(),
    // The vehicle too ("Camry"), when given (an absent one would make the whole text null).
    searchText: searchText(["coalesce(vehicle_make, '')", "coalesce(vehicle_model, '')"]),
    ...notificationColumns(),
  },
  (table) => [
    ...listIndexes("service_requests", table),
    ...statusChecks("service_requests"),
    unsentIndex("service_requests", table),
  ],
);

// Every status change staff make, with who and when; a record's page lists them. Deleted with the
// record ("forget me" leaves nothing behind). Not a foreign key: the kind names the table.
export const submissionStatusChanges = sqliteTable(
  "submission_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionKind: text("submission_kind", { enum: ["contact", "serviceRequest"] }).notNull(),
    submissionId: text("submission_id").notNull(),
    status: text("status", { enum: SUBMISSION_STATUSES }).notNull(),
    changedBy: text("changed_by").notNull(),
    changedAt: integer("changed_at", { mode: "timestamp_ms" })
      .notNull()
      .default(sql`(cast(unixepoch('subsec') * 1000 as integer))`),
  },
  (table) => [
    index("submission_status_changes_submission_idx").on(table.submissionKind, table.submissionId, table.changedAt),
  ],
);

// Login attempts per key ("user:<name>", "client:<ip>") in a fixed window. Kept in D1 so every
// Worker instance sees the same counts (see app/server/auth/login-throttle.server.ts).
export const loginThrottle = sqliteTable(
  "login_throttle",
  {
    key: text("key").primaryKey(),
    attempts: integer("attempts").notNull(),
    windowStartedAt: integer("window_started_at").notNull(),
  },
  (table) => [index("login_throttle_window_started_at_idx").on(table.windowStartedAt)],
);

// One morning digest per shop date (app/server/notifications/digest.server.ts): claimed, then sent once.
export const notificationDigests = sqliteTable("notification_digests", {
  shopDate: text("shop_date").primaryKey(),
  requestCount: integer("request_count").notNull(),
  attempts: integer("attempts").notNull().default(0),
  lastError: text("last_error"),
  claimedUntil: timestampMs("claimed_until"),
  sentTo: text("sent_to", { mode: "json" }).$type<string[]>().notNull().default([]),
  sentAt: timestampMs("sent_at"),
});

// Who did what on the staff side (app/server/audit/): append-only, newest first by id. The actor's
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

// The shop's hours as the owner sets them (/incoming/settings, app/server/settings/). One row (id 1)
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
  },
  () => [check("shop_settings_single_row", sql`id = 1`)],
);

// Days the shop is closed, by date; past ones stay as history.
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

export type User = typeof users.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type StatusChange = typeof submissionStatusChanges.$inferSelect;
