CREATE TABLE `booking_page_views` (
	`id` text PRIMARY KEY NOT NULL,
	`week` text NOT NULL,
	`opened_at` integer NOT NULL,
	`prefetched` integer NOT NULL,
	`started_at` integer,
	`booked_at` integer
);
--> statement-breakpoint
CREATE INDEX `booking_page_views_week_idx` ON `booking_page_views` (`week`);--> statement-breakpoint
CREATE INDEX `booking_page_views_opened_idx` ON `booking_page_views` (`opened_at`);