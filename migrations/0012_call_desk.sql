-- The call-back desk: what happened on each call, who handles a record, when to call back, and
-- when the customer was first reached (the 24-hour promise is measured from it).
ALTER TABLE `contact_submissions` ADD `first_contact_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `follow_up_at` integer;--> statement-breakpoint
ALTER TABLE `contact_submissions` ADD `assignee` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `first_contact_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `follow_up_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `assignee` text;--> statement-breakpoint
CREATE INDEX `contact_submissions_follow_up_idx` ON `contact_submissions` (`follow_up_at`) WHERE `follow_up_at` is not null;--> statement-breakpoint
CREATE INDEX `contact_submissions_assignee_idx` ON `contact_submissions` (`assignee`,`submitted_at`,`id`) WHERE `assignee` is not null;--> statement-breakpoint
CREATE INDEX `service_requests_follow_up_idx` ON `service_requests` (`follow_up_at`) WHERE `follow_up_at` is not null;--> statement-breakpoint
CREATE INDEX `service_requests_assignee_idx` ON `service_requests` (`assignee`,`submitted_at`,`id`) WHERE `assignee` is not null;--> statement-breakpoint
CREATE TABLE `submission_activity` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`submission_kind` text NOT NULL,
	`submission_id` text NOT NULL,
	`type` text NOT NULL,
	`outcome` text,
	`note` text,
	`by` text NOT NULL,
	`at` integer NOT NULL,
	CONSTRAINT "submission_activity_type_check" CHECK("submission_activity"."type" in ('call', 'note', 'email')),
	CONSTRAINT "submission_activity_outcome_check" CHECK(("submission_activity"."type" = 'call' and "submission_activity"."outcome" in ('reached', 'voicemail', 'no-answer', 'wrong-number')) or ("submission_activity"."type" <> 'call' and "submission_activity"."outcome" is null))
);
--> statement-breakpoint
CREATE INDEX `submission_activity_submission_idx` ON `submission_activity` (`submission_kind`,`submission_id`,`at`);--> statement-breakpoint
-- Records already marked contacted were first reached when they were marked.
UPDATE `contact_submissions` SET `first_contact_at` = (
	SELECT min(`changed_at`) FROM `submission_status_changes` AS c
	WHERE c.`submission_kind` = 'contact' AND c.`submission_id` = `contact_submissions`.`id` AND c.`status` = 'contacted'
);--> statement-breakpoint
UPDATE `service_requests` SET `first_contact_at` = (
	SELECT min(`changed_at`) FROM `submission_status_changes` AS c
	WHERE c.`submission_kind` = 'serviceRequest' AND c.`submission_id` = `service_requests`.`id` AND c.`status` = 'contacted'
);
