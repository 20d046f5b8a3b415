-- The promise measured (/incoming/insights) and shown to visitors if the owner wants
-- (docs/decisions/038-response-record.md).
-- The owner's switch, and the public figure the hourly job stores (JSON: received, share within
-- 24 hours, when it was computed); the public pages read both with the rest of the settings.
ALTER TABLE `shop_settings` ADD `show_response_record` integer DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE `shop_settings` ADD `response_record` text;--> statement-breakpoint
-- The insights read each window (up to 90 days) by submitted_at and need only the status and the
-- first contact: an index that holds all three answers without touching the table.
CREATE INDEX `contact_submissions_response_idx` ON `contact_submissions` (`submitted_at`,`status`,`first_contact_at`);--> statement-breakpoint
CREATE INDEX `service_requests_response_idx` ON `service_requests` (`submitted_at`,`status`,`first_contact_at`);--> statement-breakpoint
-- Who is still waiting for a first contact (count and oldest, by status): few rows, whatever the
-- table's size. The query names `first_contact_at is null`, so SQLite may use these.
CREATE INDEX `contact_submissions_waiting_idx` ON `contact_submissions` (`status`,`submitted_at`) WHERE `first_contact_at` is null;--> statement-breakpoint
CREATE INDEX `service_requests_waiting_idx` ON `service_requests` (`status`,`submitted_at`) WHERE `first_contact_at` is null;
