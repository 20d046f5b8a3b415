CREATE TABLE `estimate_approvals` (
	`id` text PRIMARY KEY NOT NULL,
	`estimate_id` text NOT NULL,
	`version` integer NOT NULL,
	`decided_at` integer NOT NULL,
	`name` text NOT NULL,
	`approved_total` integer NOT NULL,
	`snapshot` text NOT NULL,
	`client_address` text,
	`user_agent` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimate_approvals_one_per_version` ON `estimate_approvals` (`estimate_id`,`version`);--> statement-breakpoint
CREATE TABLE `estimate_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`estimate_id` text NOT NULL,
	`purpose` text NOT NULL,
	`version` integer NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	`due_at` integer NOT NULL,
	`sent_at` integer,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`claimed_until` integer,
	CONSTRAINT "estimate_messages_purpose_check" CHECK("estimate_messages"."purpose" in ('estimate', 'decision'))
);
--> statement-breakpoint
CREATE INDEX `estimate_messages_estimate_idx` ON `estimate_messages` (`estimate_id`,`id`);--> statement-breakpoint
CREATE INDEX `estimate_messages_unsent_idx` ON `estimate_messages` (`due_at`) WHERE "estimate_messages"."sent_at" is null;--> statement-breakpoint
CREATE TABLE `estimate_versions` (
	`estimate_id` text NOT NULL,
	`version` integer NOT NULL,
	`vehicle` text NOT NULL,
	`lines` text NOT NULL,
	`subtotal` integer NOT NULL,
	`tax` integer NOT NULL,
	`total` integer NOT NULL,
	`tax_rule` text NOT NULL,
	`created_at` integer NOT NULL,
	`created_by` text,
	PRIMARY KEY(`estimate_id`, `version`)
);
--> statement-breakpoint
CREATE TABLE `estimates` (
	`id` text PRIMARY KEY NOT NULL,
	`number` integer NOT NULL,
	`service_request_id` text NOT NULL,
	`status` text DEFAULT 'draft' NOT NULL,
	`version` integer DEFAULT 1 NOT NULL,
	`token_salt` text,
	`token_hash` text,
	`created_at` integer NOT NULL,
	`created_by` text,
	`updated_at` integer NOT NULL,
	`sent_at` integer,
	CONSTRAINT "estimates_status_check" CHECK("estimates"."status" in ('draft', 'sent', 'approved', 'partly approved', 'declined', 'needs approval')),
	CONSTRAINT "estimates_version_check" CHECK("estimates"."version" >= 1)
);
--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_number_unique` ON `estimates` (`number`);--> statement-breakpoint
CREATE UNIQUE INDEX `estimates_token_hash_unique` ON `estimates` (`token_hash`);--> statement-breakpoint
CREATE INDEX `estimates_request_idx` ON `estimates` (`service_request_id`,`created_at`);--> statement-breakpoint
-- A customer's decision is a frozen record of what they saw and signed (docs/decisions/065): the
-- database itself refuses to change or remove one, whatever code asks. Drizzle does not model
-- triggers; they are written here by hand.
CREATE TRIGGER `estimate_approvals_no_update` BEFORE UPDATE ON `estimate_approvals`
BEGIN SELECT RAISE(ABORT, 'estimate approvals are frozen'); END;--> statement-breakpoint
CREATE TRIGGER `estimate_approvals_no_delete` BEFORE DELETE ON `estimate_approvals`
BEGIN SELECT RAISE(ABORT, 'estimate approvals are frozen'); END;--> statement-breakpoint
-- A version, once written, is what was sent: a change is a new version.
CREATE TRIGGER `estimate_versions_no_update` BEFORE UPDATE ON `estimate_versions`
BEGIN SELECT RAISE(ABORT, 'estimate versions are frozen'); END;
