-- The Message-ID the mail platform gave a reply it sent (issue 29, docs/decisions/041): the local
-- runtime, and perhaps the platform, writes its own in place of ours, and a customer's mail client
-- answers that one. Threading by In-Reply-To / References looks for either.
ALTER TABLE `record_messages` ADD `sent_message_id` text;--> statement-breakpoint
CREATE INDEX `record_messages_sent_message_id_idx` ON `record_messages` (`sent_message_id`) WHERE "record_messages"."sent_message_id" is not null;
