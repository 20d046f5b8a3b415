-- A customer's answer waiting on staff (issue 29, docs/decisions/041-reply-address-and-threading.md):
-- when it came in, cleared by a reply, a logged contact or "Handled". `?replied=1` lists these
-- records newest first from the partial index alone, whatever the table's size.
ALTER TABLE `contact_submissions` ADD `replied_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `replied_at` integer;--> statement-breakpoint
CREATE INDEX `contact_submissions_replied_idx` ON `contact_submissions` (`submitted_at`,`id`) WHERE "contact_submissions"."replied_at" is not null;--> statement-breakpoint
CREATE INDEX `service_requests_replied_idx` ON `service_requests` (`submitted_at`,`id`) WHERE "service_requests"."replied_at" is not null;
