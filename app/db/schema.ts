import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
// Relative, not "~/": drizzle-kit reads this file without the app's path aliases.
import { preferredTimes, visitTypes } from "../content/vehicle-visit";

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

export const users = sqliteTable("users", {
  id: id(),
  username: text("username").notNull().unique(),
  password: text("password").notNull(),
  // Set by `npm run admin:password`: sessions that began before it are over. 0 = never changed.
  passwordChangedAt: integer("password_changed_at", { mode: "number" }).notNull().default(0),
});

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
    ...notificationColumns(),
  },
  (table) => [
    index("contact_submissions_submitted_at_idx").on(table.submittedAt),
    index("contact_submissions_unsent_idx")
      .on(table.notifyDueAt)
      .where(sql`${table.notifiedAt} is null`),
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
    ...notificationColumns(),
  },
  (table) => [
    index("service_requests_submitted_at_idx").on(table.submittedAt),
    index("service_requests_unsent_idx")
      .on(table.notifyDueAt)
      .where(sql`${table.notifiedAt} is null`),
  ],
);

// Login attempts per key ("user:<name>", "client:<ip>") in a fixed window. Kept in D1 so every
// Worker instance sees the same counts (see app/server/login-throttle.server.ts).
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

export type User = typeof users.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
