-- Bulk reads are exports (issue 27, docs/security.md): how many records a session has read through
-- the list API in its current walk (one kind, one filter, from its first page). A walk past 200 is
-- written to the audit log as an export, once. One row per session and kind.
CREATE TABLE `list_walks` (
	`session_id` text NOT NULL,
	`kind` text NOT NULL,
	`filter` text NOT NULL,
	`records_read` integer DEFAULT 0 NOT NULL,
	`audited` integer DEFAULT false NOT NULL,
	PRIMARY KEY(`session_id`, `kind`),
	FOREIGN KEY (`session_id`) REFERENCES `staff_sessions`(`id`) ON UPDATE no action ON DELETE cascade
);
