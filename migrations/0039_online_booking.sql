-- Online booking at /book (app/features/appointments/server/online/, docs/decisions/064): the owner's
-- rules as columns of the appointments' settings row (the table is rebuilt for their CHECKs), a
-- service request's mark "booked online", and the waitlist for full days. Generated, then the
-- copy's column list fixed by hand (drizzle-kit copied the new columns from the old table, which
-- has none of them).
CREATE TABLE `booking_waitlist` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`time` text,
	`first_name` text NOT NULL,
	`email` text NOT NULL,
	`created_at` integer NOT NULL,
	`told_at` integer
);
--> statement-breakpoint
CREATE INDEX `booking_waitlist_place_idx` ON `booking_waitlist` (`date`,`kind`,`time`,`told_at`,`id`);--> statement-breakpoint
PRAGMA foreign_keys=OFF;--> statement-breakpoint
CREATE TABLE `__new_appointment_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`drop_offs_per_day` integer DEFAULT 0 NOT NULL,
	`waiter_slots` text DEFAULT '[]' NOT NULL,
	`change_cutoff_minutes` integer DEFAULT 120 NOT NULL,
	`confirm_on_arrival` integer DEFAULT false NOT NULL,
	`review_requests_on` integer DEFAULT false NOT NULL,
	`review_url` text,
	`online_enabled` integer DEFAULT false NOT NULL,
	`online_share` integer DEFAULT 50 NOT NULL,
	`online_notice_hours` integer DEFAULT 12 NOT NULL,
	`online_horizon_days` integer DEFAULT 30 NOT NULL,
	`online_mode` text DEFAULT 'confirm' NOT NULL,
	CONSTRAINT "appointment_settings_single_row" CHECK("__new_appointment_settings"."id" = 1),
	CONSTRAINT "appointment_settings_drop_offs" CHECK("__new_appointment_settings"."drop_offs_per_day" between 0 and 200),
	CONSTRAINT "appointment_settings_cutoff" CHECK("__new_appointment_settings"."change_cutoff_minutes" between 0 and 10080),
	CONSTRAINT "appointment_settings_online_share" CHECK("__new_appointment_settings"."online_share" between 0 and 100),
	CONSTRAINT "appointment_settings_online_mode" CHECK("__new_appointment_settings"."online_mode" in ('confirm', 'request'))
);
--> statement-breakpoint
INSERT INTO `__new_appointment_settings`("id", "drop_offs_per_day", "waiter_slots", "change_cutoff_minutes", "confirm_on_arrival", "review_requests_on", "review_url") SELECT "id", "drop_offs_per_day", "waiter_slots", "change_cutoff_minutes", "confirm_on_arrival", "review_requests_on", "review_url" FROM `appointment_settings`;--> statement-breakpoint
DROP TABLE `appointment_settings`;--> statement-breakpoint
ALTER TABLE `__new_appointment_settings` RENAME TO `appointment_settings`;--> statement-breakpoint
PRAGMA foreign_keys=ON;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `booked_online` integer DEFAULT false NOT NULL;