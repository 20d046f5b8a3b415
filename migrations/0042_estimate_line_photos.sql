CREATE TABLE `estimate_line_photos` (
	`id` text PRIMARY KEY NOT NULL,
	`estimate_id` text NOT NULL,
	`line_id` text NOT NULL,
	`type` text NOT NULL,
	`width` integer NOT NULL,
	`height` integer NOT NULL,
	`variants` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE INDEX `estimate_line_photos_line_idx` ON `estimate_line_photos` (`estimate_id`,`line_id`,`created_at`);