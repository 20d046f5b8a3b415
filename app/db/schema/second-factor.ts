import { sql } from "drizzle-orm";
import { check, index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { timestampMs } from "./columns";
import { memberId, staffSessions, users } from "./staff";

// A second factor for staff (app/features/second-factor/server/, decisions 035 and 036).

// An authenticator app (TOTP, RFC 6238): unconfirmed until the member typed a first code. The
// last accepted time step is kept so that a code is never accepted twice.
export const totpSecrets = sqliteTable("totp_secrets", {
  userId: text("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  // Base32, as the authenticator app is given it.
  secret: text("secret").notNull(),
  confirmedAt: timestampMs("confirmed_at"),
  lastUsedStep: integer("last_used_step"),
  createdAt: timestampMs("created_at").notNull(),
});

// Ten single-use codes per member, kept only as keyed hashes (HMAC-SHA-256).
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    id: text("id").primaryKey(),
    userId: memberId(),
    codeHash: text("code_hash").notNull(),
    createdAt: timestampMs("created_at").notNull(),
    usedAt: timestampMs("used_at"),
  },
  (table) => [uniqueIndex("recovery_codes_hash_idx").on(table.userId, table.codeHash)],
);

// Passkeys (WebAuthn): the credential id (base64url) and its public key (COSE, base64url).
export const passkeys = sqliteTable(
  "passkeys",
  {
    id: text("id").primaryKey(),
    userId: memberId(),
    name: text("name").notNull(),
    publicKey: text("public_key").notNull(),
    counter: integer("counter").notNull().default(0),
    transports: text("transports", { mode: "json" }).$type<string[]>(),
    createdAt: timestampMs("created_at").notNull(),
    lastUsedAt: timestampMs("last_used_at"),
  },
  (table) => [index("passkeys_user_idx").on(table.userId)],
);

// A WebAuthn challenge: single use (deleted when answered), 5 minutes, and named by an HttpOnly
// cookie of the browser that asked for it.
export const webauthnChallenges = sqliteTable(
  "webauthn_challenges",
  {
    id: text("id").primaryKey(),
    challenge: text("challenge").notNull(),
    purpose: text("purpose", { enum: ["register", "sign-in"] }).notNull(),
    userId: text("user_id"),
    expiresAt: timestampMs("expires_at").notNull(),
  },
  (table) => [
    check("webauthn_challenges_purpose_check", sql`purpose in ('register', 'sign-in')`),
    index("webauthn_challenges_expires_idx").on(table.expiresAt),
  ],
);

// When a session last proved its member again (a code, a passkey or the password) after sign-in:
// exporting, deleting and changing the team ask again past 2 hours. No row: the sign-in itself.
export const sessionChecks = sqliteTable("session_checks", {
  sessionId: text("session_id")
    .primaryKey()
    .references(() => staffSessions.id, { onDelete: "cascade" }),
  checkedAt: timestampMs("checked_at").notNull(),
});

// The team's own settings (one row, id 1): owners may require a second factor for everyone.
export const teamSettings = sqliteTable(
  "team_settings",
  {
    id: integer("id").primaryKey(),
    requireSecondFactor: integer("require_second_factor", { mode: "boolean" }).notNull().default(false),
  },
  () => [check("team_settings_single_row", sql`id = 1`)],
);

export type Passkey = typeof passkeys.$inferSelect;
