import { z } from "../../forms/zod.ts"; // with the extension: scripts/admin.ts runs this file in Node

// Rules for staff credentials, shared by the login form (browser and server), the JSON API and
// the admin CLI (scripts/admin.ts imports this file directly, so: package imports only).

const PASSWORD_MIN_LENGTH = 12;
const PASSWORD_MAX_LENGTH = 256;

// A safe charset keeps usernames unambiguous and lets the CLI embed them in SQL literals.
export const USERNAME_PATTERN = /^[a-z0-9][a-z0-9._-]{2,31}$/;
export const USERNAME_RULE = "3 to 32 characters: lowercase letters, digits, dot, underscore or hyphen";

// Names a new account may not take: /api/team/<username> would collide with the team API's own
// paths (/api/team/invitations, /api/team/second-factor), and a name ending ".data" or ".csv"
// reads as React Router's data requests or an export. Accounts made before keep working.
const RESERVED_USERNAMES = new Set(["invitations", "second-factor"]);
export const RESERVED_USERNAME_RULE = "That username is reserved by the site. Please choose another.";

/** Why a new account may not take this (normalized, pattern-valid) username, or null. */
export function reservedUsernameProblem(username: string): string | null {
  return RESERVED_USERNAMES.has(username) || /\.(?:data|csv)$/.test(username) ? RESERVED_USERNAME_RULE : null;
}

/** Usernames are case-insensitive: "Admin" and "admin" are one account. */
export function normalizeUsername(username: string): string {
  return username.trim().toLowerCase();
}

/** A new account's username as a form or JSON field (the join page): the rules above, in the CLI's order. */
export const newUsernameField = z
  .string({ error: "Choose a username." })
  .trim()
  .min(1, "Choose a username.")
  .transform(normalizeUsername)
  .refine((value) => USERNAME_PATTERN.test(value), { error: `Usernames are ${USERNAME_RULE}.`, abort: true })
  .refine((value) => reservedUsernameProblem(value) === null, RESERVED_USERNAME_RULE);

export function passwordProblem(password: string): string | null {
  if (password.length < PASSWORD_MIN_LENGTH) {
    return `The password must be at least ${PASSWORD_MIN_LENGTH} characters long.`;
  }
  if (password.length > PASSWORD_MAX_LENGTH) {
    return `The password must be at most ${PASSWORD_MAX_LENGTH} characters long.`;
  }
  return null;
}

export const PASSWORD_TOO_LONG = "Password is too long";

/** "… is required" when absent, "… must be text" when it is something else (a number, in JSON). */
const credential = (name: string) =>
  z.string({
    error: (issue) =>
      issue.input === undefined || issue.input === null ? `${name} is required` : `${name} must be text`,
  });

// Login checks only presence and an upper bound (which also bounds the hashing work): a wrong
// or too short password gets the same answer as any other failed login.
export const loginSchema = z.object({
  username: credential("Username")
    .trim()
    .min(1, "Username is required")
    .max(64, "Username is too long")
    .transform(normalizeUsername),
  password: credential("Password").min(1, "Password is required").max(PASSWORD_MAX_LENGTH, PASSWORD_TOO_LONG),
});

export type LoginCredentials = z.infer<typeof loginSchema>;
