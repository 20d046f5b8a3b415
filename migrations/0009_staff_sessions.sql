-- Each signed-in browser of a member: listed on the account page, ended from there (decision 031).
CREATE TABLE `staff_sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`kv_key` text NOT NULL,
	`signed_in_at` integer NOT NULL,
	`last_seen_at` integer NOT NULL,
	`browser` text,
	`place` text,
	`ended_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `staff_sessions_user_idx` ON `staff_sessions` (`user_id`,`signed_in_at`);
