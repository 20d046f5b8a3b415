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
  },
  (table) => [index("contact_submissions_submitted_at_idx").on(table.submittedAt)],
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
  },
  (table) => [index("service_requests_submitted_at_idx").on(table.submittedAt)],
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

export type User = typeof users.$inferSelect;
export type ContactSubmission = typeof contactSubmissions.$inferSelect;
export type ServiceRequest = typeof serviceRequests.$inferSelect;
