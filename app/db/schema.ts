import { sql } from "drizzle-orm";
import { type AnySQLiteColumn, check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import type { WeeklyHours } from "../content/hours";
import { preferredTime, visitType } from "../content/vehicle-visit";
import { INBOX_KINDS, type InboxKind, inboxKinds } from "../inbox/kinds";
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

/** The database refuses any value of `column` but these (a status, a choice's values). */
const oneOf = (table: string, column: string, values: readonly string[]) =>
  check(`${table}_${column}_check`, sql`${sql.raw(column)} in (${inList(values)})`);

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
    // How the team page and histories name the person; the username when there is none.
    displayName: text("display_name"),
    // Where invitation and reset links go: lower-cased, one account per address.
    email: text("email").unique(),
    // A disabled account cannot sign in and its sessions stop; an owner can enable it again.
    disabledAt: timestampMs("disabled_at"),
    // A removed account is kept so its name stays readable in histories; it never signs in again.
    removedAt: timestampMs("removed_at"),
    createdAt: timestampMs("created_at"),
    lastSignInAt: timestampMs("last_sign_in_at"),
  },
  () => [check("users_role_check", sql`role in (${inList(STAFF_ROLES)})`)],
);

// Single-use links for the team (app/server/team/tokens.server.ts): an invitation to join, or a
// password reset for one account. Only a hash of each link's secret part is kept.
export const staffTokens = sqliteTable(
  "staff_tokens",
  {
    id: id(),
    purpose: text("purpose", { enum: ["invitation", "reset"] }).notNull(),
    verifierHash: text("verifier_hash").notNull(),
    // A reset: the account. An invitation: the account made with it, once used.
    userId: text("user_id"),
    // An invitation: the role it gives and the address it was sent to, if any.
    role: text("role", { enum: STAFF_ROLES }),
    email: text("email"),
    createdById: text("created_by_id"),
    createdByName: text("created_by_name"),
    createdAt: timestampMs("created_at").notNull(),
    expiresAt: timestampMs("expires_at").notNull(),
    usedAt: timestampMs("used_at"),
    revokedAt: timestampMs("revoked_at"),
  },
  (table) => [
    check("staff_tokens_purpose_check", sql`purpose in ('invitation', 'reset')`),
    check("staff_tokens_role_check", sql`role is null or role in (${inList(STAFF_ROLES)})`),
    index("staff_tokens_pending_idx").on(table.purpose, table.expiresAt),
    index("staff_tokens_user_idx").on(table.userId),
  ],
);

// Each signed-in browser of a member (app/server/auth/session-registry.server.ts, decision 033):
// a session is valid only while its row is not ended, so ending one here ends it at its next
// request, wherever it is. `kv_key` is the session's key in SESSIONS (useless without the cookie's
// signature); `id` is the handle the account page and the API show.
export const staffSessions = sqliteTable(
  "staff_sessions",
  {
    id: id(),
    userId: text("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    kvKey: text("kv_key").notNull(),
    signedInAt: integer("signed_in_at", { mode: "timestamp_ms" }).notNull(),
    // Written at most once every few minutes, so that reading a page stays a read.
    lastSeenAt: integer("last_seen_at", { mode: "timestamp_ms" }).notNull(),
    // "Chrome on Windows", from the User-Agent at sign-in.
    browser: text("browser"),
    // "Baltimore, Maryland, US", from the platform's guess at sign-in (absent locally).
    place: text("place"),
    endedAt: timestampMs("ended_at"),
  },
  (table) => [index("staff_sessions_user_idx").on(table.userId, table.signedInAt)],
);

// Where a record stands (app/inbox/statuses.ts): the database refuses any other status, and a
// spam reason on a record that is not spam.
const statusColumns = () => ({
  status: text("status", { enum: SUBMISSION_STATUSES }).notNull().default("new"),
  spamReason: text("spam_reason", { enum: SPAM_REASONS }),
  // Arrived with the hidden field filled, as a browser's autofill can do, on a message that reads
  // like a customer's: kept in the inbox and emailed, shown as "Possible spam" (decision 033).
  possibleSpam: integer("possible_spam", { mode: "boolean" }).notNull().default(false),
  // The shop date of the morning digest that counted this record as kept aside as spam; the purge
  // deletes only spam that a digest sent has counted (or that staff marked themselves).
  spamReportedIn: text("spam_reported_in"),
});

const statusChecks = (table: string) => [
  oneOf(table, "status", SUBMISSION_STATUSES),
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
  inboxKinds.contact.tableName,
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
    ...listIndexes(inboxKinds.contact.tableName, table),
    ...statusChecks(inboxKinds.contact.tableName),
    unsentIndex(inboxKinds.contact.tableName, table),
  ],
);

export const serviceRequests = sqliteTable(
  inboxKinds.serviceRequest.tableName,
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
    preferredTime: text("preferred_time", { enum: preferredTime.values }),
    visitType: text("visit_type", { enum: visitType.values }),
    submittedAt: submittedAt(),
    ...statusColumns(),
    // The vehicle too ("Camry"), when given (an absent one would make the whole text null).
    searchText: searchText(["coalesce(vehicle_make, '')", "coalesce(vehicle_model, '')"]),
    ...notificationColumns(),
  },
  (table) => [
    ...listIndexes(inboxKinds.serviceRequest.tableName, table),
    ...statusChecks(inboxKinds.serviceRequest.tableName),
    unsentIndex(inboxKinds.serviceRequest.tableName, table),
  ],
);

/** Each kind's table: the one map from a kind of record to where it is stored. */
export const inboxTables = {
  contact: contactSubmissions,
  serviceRequest: serviceRequests,
} as const satisfies Record<InboxKind, unknown>;

// Every status change staff make, with who and when; a record's page lists them. Deleted with the
// record ("forget me" leaves nothing behind). Not a foreign key: the kind names the table.
export const submissionStatusChanges = sqliteTable(
  "submission_status_changes",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    submissionKind: text("submission_kind", { enum: INBOX_KINDS }).notNull(),
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
  // Records kept aside as spam since the digest before, counted in this one.
  spamCount: integer("spam_count").notNull().default(0),
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
export type StaffToken = typeof staffTokens.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
export type StatusChange = typeof submissionStatusChanges.$inferSelect;
