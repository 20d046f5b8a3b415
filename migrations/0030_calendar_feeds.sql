-- Each member's private calendar feed of the shop's appointments (app/features/appointments/,
-- docs/decisions/050-the-members-calendar-feed.md): one row per member, the token kept only as
-- its SHA-256. Written by hand.
CREATE TABLE `calendar_feeds` (
	`user_id` text PRIMARY KEY NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `calendar_feeds_token_hash_unique` ON `calendar_feeds` (`token_hash`);
