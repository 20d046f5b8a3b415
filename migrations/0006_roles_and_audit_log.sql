-- Every account that existed before roles is the shop's owner: it could do everything until now.
CREATE TABLE `audit_log` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`at` integer NOT NULL,
	`actor_id` text,
	`actor_name` text,
	`action` text NOT NULL,
	`target` text,
	`detail` text,
	`client` text
);
--> statement-breakpoint
CREATE INDEX `audit_log_actor_idx` ON `audit_log` (`actor_id`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_action_idx` ON `audit_log` (`action`,`id`);--> statement-breakpoint
CREATE INDEX `audit_log_at_idx` ON `audit_log` (`at`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_users` (
	`id` text PRIMARY KEY NOT NULL,
	`username` text NOT NULL,
	`password` text NOT NULL,
	`password_changed_at` integer DEFAULT 0 NOT NULL,
	`role` text DEFAULT 'staff' NOT NULL,
	CONSTRAINT "users_role_check" CHECK(role in ('owner', 'staff'))
);
--> statement-breakpoint
INSERT INTO `__new_users`("id", "username", "password", "password_changed_at", "role") SELECT "id", "username", "password", "password_changed_at", 'owner' FROM `users`;--> statement-breakpoint
DROP TABLE `users`;--> statement-breakpoint
ALTER TABLE `__new_users` RENAME TO `users`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
CREATE UNIQUE INDEX `users_username_unique` ON `users` (`username`);