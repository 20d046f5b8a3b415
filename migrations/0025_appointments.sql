-- Appointments (app/features/appointments/, docs/decisions/043-capacity-and-double-booking.md):
-- the owner's capacity, the appointments, and the ledger of their emails. Written by hand.
CREATE TABLE `appointment_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`drop_offs_per_day` integer DEFAULT 0 NOT NULL,
	`waiter_slots` text DEFAULT '[]' NOT NULL,
	`change_cutoff_minutes` integer DEFAULT 120 NOT NULL,
	CONSTRAINT "appointment_settings_single_row" CHECK("appointment_settings"."id" = 1),
	CONSTRAINT "appointment_settings_drop_offs" CHECK("appointment_settings"."drop_offs_per_day" between 0 and 200),
	CONSTRAINT "appointment_settings_cutoff" CHECK("appointment_settings"."change_cutoff_minutes" between 0 and 10080)
);
--> statement-breakpoint
CREATE TABLE `appointments` (
	`id` text PRIMARY KEY NOT NULL,
	`service_request_id` text NOT NULL,
	`date` text NOT NULL,
	`kind` text NOT NULL,
	`time` text,
	`status` text DEFAULT 'confirmed' NOT NULL,
	`sequence` integer DEFAULT 0 NOT NULL,
	`note` text,
	`token_salt` text NOT NULL,
	`token_hash` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`reminder_sent_at` integer,
	CONSTRAINT "appointments_kind_check" CHECK("appointments"."kind" in ('drop-off', 'waiter')),
	CONSTRAINT "appointments_status_check" CHECK("appointments"."status" in ('confirmed', 'cancelled', 'arrived', 'no-show', 'done')),
	CONSTRAINT "appointments_time_check" CHECK(("appointments"."kind" = 'waiter' and "appointments"."time" is not null) or ("appointments"."kind" = 'drop-off' and "appointments"."time" is null))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_token_hash_unique` ON `appointments` (`token_hash`);--> statement-breakpoint
CREATE UNIQUE INDEX `appointments_one_live_per_request` ON `appointments` (`service_request_id`) WHERE "appointments"."status" <> 'cancelled';--> statement-breakpoint
CREATE INDEX `appointments_date_idx` ON `appointments` (`date`,`kind`,`time`,`status`);--> statement-breakpoint
CREATE TABLE `appointment_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` text NOT NULL,
	`purpose` text NOT NULL,
	`sequence` integer NOT NULL,
	`due_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_until` integer,
	CONSTRAINT "appointment_messages_purpose_check" CHECK("appointment_messages"."purpose" in ('confirmation', 'update', 'cancellation', 'reminder', 'shop-change'))
);
--> statement-breakpoint
CREATE UNIQUE INDEX `appointment_messages_once` ON `appointment_messages` (`appointment_id`,`purpose`,`sequence`);--> statement-breakpoint
CREATE INDEX `appointment_messages_unsent_idx` ON `appointment_messages` (`due_at`) WHERE "appointment_messages"."sent_at" is null;
