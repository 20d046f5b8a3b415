import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { STAFF_ROLES } from "../../http/staff-roles";
import { id, inList, timestampMs } from "./columns";

// The team: accounts, their single-use links, their signed-in browsers, and the sign-in throttle.

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
    // Wrong second-factor codes (app/features/second-factor/server/code-limits.server.ts): in a row over
    // every place they are entered (a right code resets it; 100 lock codes), and in the day that
    // began at `codeDayStartedAt` (20 a day). Locked codes open again by a reset link or an owner.
    codeFailures: integer("code_failures").notNull().default(0),
    codeDayStartedAt: integer("code_day_started_at").notNull().default(0),
    codeDayFailures: integer("code_day_failures").notNull().default(0),
    codesLockedAt: timestampMs("codes_locked_at"),
  },
  () => [check("users_role_check", sql`role in (${inList(STAFF_ROLES)})`)],
);

/** The member a row belongs to (`user_id`): it is deleted with their account. */
export const memberId = () =>
  text("user_id")
    .notNull()
    .references(() => users.id, { onDelete: "cascade" });

// Single-use links for the team (app/features/team/server/tokens.server.ts): an invitation to join, or a
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

// Each signed-in browser of a member (app/features/sign-in/server/session-registry.server.ts, decision 033):
// a session is valid only while its row is not ended, so ending one here ends it at its next
// request, wherever it is. `kv_key` is the session's key in SESSIONS (useless without the cookie's
// signature); `id` is the handle the account page and the API show.
export const staffSessions = sqliteTable(
  "staff_sessions",
  {
    id: id(),
    userId: memberId(),
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

// A browser half-way through signing in (password proven, a code asked; decision 035): its cookie
// names this row, which a right code deletes (single use) and which allows 5 codes at most.
export const pendingSignIns = sqliteTable(
  "pending_sign_ins",
  {
    id: text("id").primaryKey(),
    userId: memberId(),
    issuedAt: integer("issued_at").notNull(),
    codesTried: integer("codes_tried").notNull().default(0),
  },
  (table) => [index("pending_sign_ins_issued_idx").on(table.issuedAt)],
);

// Login attempts per key ("user:<name>", "client:<ip>") in a fixed window. Kept in D1 so every
// Worker instance sees the same counts (see app/features/sign-in/server/login-throttle.server.ts).
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
export type StaffToken = typeof staffTokens.$inferSelect;
export type StaffSessionRow = typeof staffSessions.$inferSelect;
