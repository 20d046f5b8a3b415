-- A second factor for staff (docs/decisions/035 and 036): an authenticator app's secret with the
-- last time step it accepted, single-use recovery codes (hashes only), passkeys, WebAuthn
-- challenges (single use, bound to the browser that asked), the time each session last proved a
-- second factor (step-up), and the owners' "require a second factor for everyone".
CREATE TABLE `totp_secrets` (
	`user_id` text PRIMARY KEY NOT NULL,
	`secret` text NOT NULL,
	`confirmed_at` integer,
	`last_used_step` integer,
	`created_at` integer NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `recovery_codes` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`code_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `recovery_codes_hash_idx` ON `recovery_codes` (`user_id`,`code_hash`);
--> statement-breakpoint
CREATE TABLE `passkeys` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`name` text NOT NULL,
	`public_key` text NOT NULL,
	`counter` integer DEFAULT 0 NOT NULL,
	`transports` text,
	`created_at` integer NOT NULL,
	`last_used_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `passkeys_user_idx` ON `passkeys` (`user_id`);
--> statement-breakpoint
CREATE TABLE `webauthn_challenges` (
	`id` text PRIMARY KEY NOT NULL,
	`challenge` text NOT NULL,
	`purpose` text NOT NULL,
	`user_id` text,
	`expires_at` integer NOT NULL,
	CONSTRAINT "webauthn_challenges_purpose_check" CHECK(purpose in ('register', 'sign-in'))
);
--> statement-breakpoint
CREATE INDEX `webauthn_challenges_expires_idx` ON `webauthn_challenges` (`expires_at`);
--> statement-breakpoint
CREATE TABLE `session_checks` (
	`session_id` text PRIMARY KEY NOT NULL,
	`checked_at` integer NOT NULL,
	FOREIGN KEY (`session_id`) REFERENCES `staff_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE TABLE `team_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`require_second_factor` integer DEFAULT false NOT NULL,
	CONSTRAINT "team_settings_single_row" CHECK(id = 1)
);
