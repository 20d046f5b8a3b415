-- Confirm on arrival and the review request after a job (app/features/appointments/,
-- docs/decisions/049-review-requests-and-confirm-on-arrival.md): two owner switches and the review
-- link; the review requests made (at most one per customer's address in 12 months); and "review"
-- among the appointment emails, which rebuilds the ledger for its CHECK. Written by hand.
ALTER TABLE `appointment_settings` ADD `confirm_on_arrival` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `appointment_settings` ADD `review_requests_on` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `appointment_settings` ADD `review_url` text;--> statement-breakpoint
CREATE TABLE `review_requests` (
	`appointment_id` text PRIMARY KEY NOT NULL,
	`email_key` text NOT NULL,
	`requested_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `review_requests_email_idx` ON `review_requests` (`email_key`,`requested_at`);--> statement-breakpoint
CREATE TABLE `__new_appointment_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`appointment_id` text NOT NULL,
	`purpose` text NOT NULL,
	`sequence` integer NOT NULL,
	`due_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_until` integer,
	CONSTRAINT "appointment_messages_purpose_check" CHECK("purpose" in ('confirmation', 'update', 'cancellation', 'reminder', 'shop-change', 'review'))
);
--> statement-breakpoint
INSERT INTO `__new_appointment_messages`("id", "appointment_id", "purpose", "sequence", "due_at", "sent_at", "attempts", "last_error", "claimed_until") SELECT "id", "appointment_id", "purpose", "sequence", "due_at", "sent_at", "attempts", "last_error", "claimed_until" FROM `appointment_messages`;--> statement-breakpoint
DROP TABLE `appointment_messages`;--> statement-breakpoint
ALTER TABLE `__new_appointment_messages` RENAME TO `appointment_messages`;--> statement-breakpoint
CREATE UNIQUE INDEX `appointment_messages_once` ON `appointment_messages` (`appointment_id`,`purpose`,`sequence`);--> statement-breakpoint
CREATE INDEX `appointment_messages_unsent_idx` ON `appointment_messages` (`due_at`) WHERE "appointment_messages"."sent_at" is null;
