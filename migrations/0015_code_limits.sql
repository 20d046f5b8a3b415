-- Codes cannot be guessed over time (issue 27, docs/security.md): each half-signed-in browser's
-- pending sign-in is a row (single use, at most 5 codes tried), and each account counts its wrong
-- codes: in a row (100 lock codes until a reset link or an owner), and per day (20).
CREATE TABLE `pending_sign_ins` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` text NOT NULL,
	`issued_at` integer NOT NULL,
	`codes_tried` integer DEFAULT 0 NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `pending_sign_ins_issued_idx` ON `pending_sign_ins` (`issued_at`);
--> statement-breakpoint
ALTER TABLE `users` ADD `code_failures` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `code_day_started_at` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `code_day_failures` integer DEFAULT 0 NOT NULL;
--> statement-breakpoint
ALTER TABLE `users` ADD `codes_locked_at` integer;
