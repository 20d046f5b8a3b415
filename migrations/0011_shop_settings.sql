-- The shop's hours as an owner sets them (/incoming/settings). Until a row or column is written,
-- app/content/hours.ts holds.
CREATE TABLE `shop_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`weekly_hours` text,
	`closed_holidays` text,
	`notice_text` text,
	`notice_starts_at` integer,
	`notice_ends_at` integer,
	CONSTRAINT "shop_settings_single_row" CHECK(id = 1)
);
--> statement-breakpoint
CREATE TABLE `shop_closures` (
	`date` text PRIMARY KEY NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text
);
--> statement-breakpoint
CREATE TABLE `shop_special_hours` (
	`date` text PRIMARY KEY NOT NULL,
	`opens` text NOT NULL,
	`closes` text NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text
);
--> statement-breakpoint
-- The one closure app/content/hours.ts listed that no holiday rule gives, so that the site keeps
-- closing that day (an owner may remove it).
INSERT INTO `shop_closures` (`date`, `reason`, `created_at`) VALUES ('2026-12-24', 'Christmas Eve', 1795000000000);
