-- The shop's own team (app/server/team/): who each account is, whether it may sign in, and the
-- single-use links that invite someone or reset a password. A removed account stays as a row (its
-- username is kept, so histories that name it stay unambiguous) and can never sign in again.
ALTER TABLE `users` ADD `display_name` text;--> statement-breakpoint
ALTER TABLE `users` ADD `email` text;--> statement-breakpoint
ALTER TABLE `users` ADD `disabled_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `removed_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `created_at` integer;--> statement-breakpoint
ALTER TABLE `users` ADD `last_sign_in_at` integer;--> statement-breakpoint
UPDATE `users` SET `created_at` = cast(unixepoch('subsec') * 1000 as integer);--> statement-breakpoint
CREATE UNIQUE INDEX `users_email_unique` ON `users` (`email`);--> statement-breakpoint
CREATE TABLE `staff_tokens` (
	`id` text PRIMARY KEY NOT NULL,
	`purpose` text NOT NULL,
	`verifier_hash` text NOT NULL,
	`user_id` text,
	`role` text,
	`email` text,
	`created_by_id` text,
	`created_by_name` text,
	`created_at` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`used_at` integer,
	`revoked_at` integer,
	CONSTRAINT "staff_tokens_purpose_check" CHECK(purpose in ('invitation', 'reset')),
	CONSTRAINT "staff_tokens_role_check" CHECK(role is null or role in ('owner', 'staff'))
);
--> statement-breakpoint
CREATE INDEX `staff_tokens_pending_idx` ON `staff_tokens` (`purpose`,`expires_at`);--> statement-breakpoint
CREATE INDEX `staff_tokens_user_idx` ON `staff_tokens` (`user_id`);
