CREATE TABLE `login_throttle` (
	`key` text PRIMARY KEY NOT NULL,
	`attempts` integer NOT NULL,
	`window_started_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `login_throttle_window_started_at_idx` ON `login_throttle` (`window_started_at`);