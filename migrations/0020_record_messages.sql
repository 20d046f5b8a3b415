-- The conversation on a record (issue 29, docs/decisions/041-reply-address-and-threading.md): the
-- replies staff send from the record, each with its own sending state (the notification ledger's
-- columns), and the emails that come back through the Worker's email() handler.
CREATE TABLE `record_messages` (
	`id` text PRIMARY KEY NOT NULL,
	`submission_kind` text NOT NULL,
	`submission_id` text NOT NULL,
	`direction` text NOT NULL,
	`at` integer NOT NULL,
	`by` text,
	`from_address` text NOT NULL,
	`to_address` text,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`message_id` text,
	`automatic` integer DEFAULT false NOT NULL,
	`bounce` integer DEFAULT false NOT NULL,
	`attachments` text DEFAULT '[]' NOT NULL,
	`due_at` integer,
	`claimed_until` integer,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	CONSTRAINT "record_messages_direction_check" CHECK("record_messages"."direction" in ('out', 'in'))
);--> statement-breakpoint
CREATE INDEX `record_messages_record_idx` ON `record_messages` (`submission_kind`,`submission_id`,`at`);--> statement-breakpoint
CREATE INDEX `record_messages_message_id_idx` ON `record_messages` (`message_id`) WHERE "record_messages"."direction" = 'out';--> statement-breakpoint
CREATE INDEX `record_messages_unsent_idx` ON `record_messages` (`due_at`) WHERE "record_messages"."due_at" is not null and "record_messages"."sent_at" is null;
