import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import {
  APPOINTMENT_KINDS,
  APPOINTMENT_MESSAGE_PURPOSES,
  APPOINTMENT_STATUSES,
} from "../../features/appointments/vocabulary";
import type { WaiterSlot } from "../../features/appointments/vocabulary";
import { emailDelivery, inList, timestampMs, unsentEmailIndex } from "./columns";

// Appointments (app/features/appointments/, docs/decisions/043-capacity-and-double-booking.md):
// the owner's capacity, one row (id 1); each appointment a service request became; and the ledger
// of the emails about them (one row per email, sent through the notification queue).

export const appointmentSettings = sqliteTable(
  "appointment_settings",
  {
    id: integer("id").primaryKey(),
    dropOffsPerDay: integer("drop_offs_per_day").notNull().default(0),
    waiterSlots: text("waiter_slots", { mode: "json" }).$type<WaiterSlot[]>().notNull().default([]),
    // How long before its time a customer may still change an appointment from their link.
    changeCutoffMinutes: integer("change_cutoff_minutes").notNull().default(120),
    // Book a new request at once when its preferred day has a drop-off place (migration 0029).
    confirmOnArrival: integer("confirm_on_arrival", { mode: "boolean" }).notNull().default(false),
    // Ask for a review when a job is done, at this link (migration 0029).
    reviewRequestsOn: integer("review_requests_on", { mode: "boolean" }).notNull().default(false),
    reviewUrl: text("review_url"),
    // The owner's rules for online booking at /book (docs/decisions/064, migration 0039): off until
    // turned on; the share of each day's places online bookings may take, the notice and the horizon.
    onlineEnabled: integer("online_enabled", { mode: "boolean" }).notNull().default(false),
    onlineShare: integer("online_share").notNull().default(50),
    onlineNoticeHours: integer("online_notice_hours").notNull().default(12),
    onlineHorizonDays: integer("online_horizon_days").notNull().default(30),
    onlineMode: text("online_mode", { enum: ["confirm", "request"] })
      .notNull()
      .default("confirm"),
  },
  (table) => [
    check("appointment_settings_single_row", sql`${table.id} = 1`),
    check("appointment_settings_drop_offs", sql`${table.dropOffsPerDay} between 0 and 200`),
    check("appointment_settings_cutoff", sql`${table.changeCutoffMinutes} between 0 and 10080`),
    check("appointment_settings_online_share", sql`${table.onlineShare} between 0 and 100`),
    check("appointment_settings_online_mode", sql`${table.onlineMode} in ('confirm', 'request')`),
  ],
);

export const appointments = sqliteTable(
  "appointments",
  {
    id: text("id").primaryKey(),
    serviceRequestId: text("service_request_id").notNull(),
    date: text("date").notNull(),
    kind: text("kind", { enum: APPOINTMENT_KINDS }).notNull(),
    // "HH:MM" in the shop's time zone for a waiter; null for a drop-off (the day's drop-off window).
    time: text("time"),
    status: text("status", { enum: APPOINTMENT_STATUSES }).notNull().default("confirmed"),
    // Raised on every change the customer's calendar must follow (RFC 5545 SEQUENCE).
    sequence: integer("sequence").notNull().default(0),
    note: text("note"),
    // The customer's link: a random salt the token is derived from with the Worker's secret, and
    // the token's SHA-256, by which the link is looked up (docs/decisions/044-the-calendar-file.md).
    tokenSalt: text("token_salt").notNull(),
    tokenHash: text("token_hash").notNull().unique(),
    createdAt: timestampMs("created_at").notNull(),
    createdBy: text("created_by"),
    updatedAt: timestampMs("updated_at").notNull(),
    reminderSentAt: timestampMs("reminder_sent_at"),
  },
  (table) => [
    check("appointments_kind_check", sql`${table.kind} in (${inList(APPOINTMENT_KINDS)})`),
    check("appointments_status_check", sql`${table.status} in (${inList(APPOINTMENT_STATUSES)})`),
    check(
      "appointments_time_check",
      sql`(${table.kind} = 'waiter' and ${table.time} is not null) or (${table.kind} = 'drop-off' and ${table.time} is null)`,
    ),
    // One live appointment per request; a cancelled one stays as history.
    uniqueIndex("appointments_one_live_per_request")
      .on(table.serviceRequestId)
      .where(sql`${table.status} <> 'cancelled'`),
    index("appointments_date_idx").on(table.date, table.kind, table.time, table.status),
  ],
);

export const appointmentMessages = sqliteTable(
  "appointment_messages",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    appointmentId: text("appointment_id").notNull(),
    purpose: text("purpose", { enum: APPOINTMENT_MESSAGE_PURPOSES }).notNull(),
    // The appointment's sequence the email was made for: an older one is superseded, never sent.
    sequence: integer("sequence").notNull(),
    ...emailDelivery(),
  },
  (table) => [
    check("appointment_messages_purpose_check", sql`${table.purpose} in (${inList(APPOINTMENT_MESSAGE_PURPOSES)})`),
    uniqueIndex("appointment_messages_once").on(table.appointmentId, table.purpose, table.sequence),
    unsentEmailIndex("appointment_messages", table),
  ],
);

// One row per review request, written with the "review" email's ledger row when a job is marked
// done: the customer's address (trimmed, lower case) keeps them from being asked twice in 12 months.
export const reviewRequests = sqliteTable(
  "review_requests",
  {
    appointmentId: text("appointment_id").primaryKey(),
    emailKey: text("email_key").notNull(),
    requestedAt: timestampMs("requested_at").notNull(),
  },
  (table) => [index("review_requests_email_idx").on(table.emailKey, table.requestedAt)],
);

export type Appointment = typeof appointments.$inferSelect;
export type AppointmentMessage = typeof appointmentMessages.$inferSelect;

// Each member's private calendar feed (migration 0030): one per member, found by the SHA-256 of
// its secret token (the token itself is shown once and never stored); a new one replaces the old.
export const calendarFeeds = sqliteTable("calendar_feeds", {
  userId: text("user_id").primaryKey(),
  tokenHash: text("token_hash").notNull().unique(),
  createdAt: timestampMs("created_at").notNull(),
});

// Visitors waiting for a place on a full day at /book (docs/decisions/064, migration 0039): when a
// cancellation frees that place, the first still waiting is emailed a link to book it (never booked
// for them), and marked told.
export const bookingWaitlist = sqliteTable(
  "booking_waitlist",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    date: text("date").notNull(),
    kind: text("kind", { enum: APPOINTMENT_KINDS }).notNull(),
    time: text("time"),
    firstName: text("first_name").notNull(),
    email: text("email").notNull(),
    createdAt: timestampMs("created_at").notNull(),
    toldAt: timestampMs("told_at"),
  },
  (table) => [index("booking_waitlist_place_idx").on(table.date, table.kind, table.time, table.toldAt, table.id)],
);

// Each view of /book (docs/decisions/066-booking-page-counts.md): a random id the page holds (no
// cookie, nothing about the visitor), the shop week it was opened in, and when it was opened,
// started (a field filled) and booked. The insights page counts them per week; kept 13 weeks.
export const bookingPageViews = sqliteTable(
  "booking_page_views",
  {
    id: text("id").primaryKey(),
    /** The Monday (shop calendar) of the week it was opened, `YYYY-MM-DD`. */
    week: text("week").notNull(),
    openedAt: timestampMs("opened_at").notNull(),
    /** A speculative prefetch that nobody has looked at yet: not counted until the page says it was shown. */
    prefetched: integer("prefetched", { mode: "boolean" }).notNull(),
    startedAt: timestampMs("started_at"),
    bookedAt: timestampMs("booked_at"),
  },
  (table) => [
    index("booking_page_views_week_idx").on(table.week),
    index("booking_page_views_opened_idx").on(table.openedAt),
  ],
);
