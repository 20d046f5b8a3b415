-- Links in emails come from SITE_URL only (app/server/http/site-url.server.ts): the origin each
-- visitor's request named is no longer kept.
ALTER TABLE `contact_submissions` DROP COLUMN `site_origin`;--> statement-breakpoint
ALTER TABLE `service_requests` DROP COLUMN `site_origin`;--> statement-breakpoint
-- A filled honeypot on an otherwise plausible message: kept in the inbox, flagged (decision 031).
ALTER TABLE `contact_submissions` ADD `possible_spam` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `possible_spam` integer DEFAULT false NOT NULL;--> statement-breakpoint
-- The shop date of the digest that counted this spam record: only counted spam is purged.
ALTER TABLE `contact_submissions` ADD `spam_reported_in` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `spam_reported_in` text;--> statement-breakpoint
ALTER TABLE `notification_digests` ADD `spam_count` integer DEFAULT 0 NOT NULL;
