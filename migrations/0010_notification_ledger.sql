-- The notification ledger in a table of its own, keyed by the record's kind and id, instead of
-- seven columns on each kind's table (docs/decisions/030-notifications.md). Numbered 0010 though
-- written after 0011 and 0012: it depends on nothing newer than 0005, and wrangler applies any
-- migration it has not applied yet, by name.
CREATE TABLE `notification_ledger` (
	`submission_kind` text NOT NULL,
	`submission_id` text NOT NULL,
	`due_at` integer,
	`notified_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_until` integer,
	`sent_to` text DEFAULT '[]' NOT NULL,
	`confirmation_sent_at` integer,
	PRIMARY KEY(`submission_kind`, `submission_id`)
);
--> statement-breakpoint
CREATE INDEX `notification_ledger_unsent_idx` ON `notification_ledger` (`due_at`) WHERE "notification_ledger"."notified_at" is null;--> statement-breakpoint
INSERT INTO `notification_ledger` (`submission_kind`, `submission_id`, `due_at`, `notified_at`, `attempts`, `last_error`, `claimed_until`, `sent_to`, `confirmation_sent_at`)
	SELECT 'contact', `id`, `notify_due_at`, `notified_at`, `notify_attempts`, `notify_last_error`, `notify_claimed_until`, `notify_sent_to`, `confirmation_sent_at` FROM `contact_submissions`;--> statement-breakpoint
DROP INDEX `contact_submissions_unsent_idx`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notified_at`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notify_attempts`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notify_last_error`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notify_due_at`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notify_claimed_until`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `notify_sent_to`;--> statement-breakpoint
ALTER TABLE `contact_submissions` DROP COLUMN `confirmation_sent_at`;--> statement-breakpoint
INSERT INTO `notification_ledger` (`submission_kind`, `submission_id`, `due_at`, `notified_at`, `attempts`, `last_error`, `claimed_until`, `sent_to`, `confirmation_sent_at`)
	SELECT 'serviceRequest', `id`, `notify_due_at`, `notified_at`, `notify_attempts`, `notify_last_error`, `notify_claimed_until`, `notify_sent_to`, `confirmation_sent_at` FROM `service_requests`;--> statement-breakpoint
DROP INDEX `service_requests_unsent_idx`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notified_at`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notify_attempts`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notify_last_error`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notify_due_at`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notify_claimed_until`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `notify_sent_to`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `confirmation_sent_at`;
