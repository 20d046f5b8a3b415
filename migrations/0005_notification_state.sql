CREATE TABLE `notification_digests` (
	`shop_date` text PRIMARY KEY NOT NULL,
	`request_count` integer NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_until` integer,
	`sent_to` text DEFAULT '[]' NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `site_origin` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notified_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notify_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notify_last_error` text;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notify_due_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notify_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `notify_sent_to` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `confirmation_sent_at` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_unsent_idx` ON `contact_submissions` (`notify_due_at`) WHERE "contact_submissions"."notified_at" is null;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `site_origin` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notified_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notify_attempts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notify_last_error` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notify_due_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notify_claimed_until` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `notify_sent_to` text DEFAULT '[]' NOT NULL;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `confirmation_sent_at` integer;--> statement-breakpoint
CREATE INDEX `service_requests_unsent_idx` ON `service_requests` (`notify_due_at`) WHERE "service_requests"."notified_at" is null;