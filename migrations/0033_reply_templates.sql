-- Reply templates (issue 29 item 2, docs/decisions/052-reply-templates.md): owners keep them on
-- Settings, staff pick one on a record and the server fills its placeholders from the record.
-- A new install starts with two, in the shop's words.
CREATE TABLE `reply_templates` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`subject` text NOT NULL,
	`body` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reply_templates_name_unique` ON `reply_templates` (lower(`name`));
--> statement-breakpoint
INSERT INTO `reply_templates` (`name`, `subject`, `body`, `updated_at`) VALUES (
	'We received your request',
	'We received your request — Pikesville Family Auto Repair',
	'Hi {firstName},

Thanks for reaching out to Pikesville Family Auto Repair. We got your request for {service}, and one of our team will call you within 24 hours to find a time that works for you.

If it''s easier, give us a call at {shopPhone}. Our hours today: {hoursToday}.

If anything comes to mind in the meantime, just reply to this email. It comes straight to the shop.',
	1795000000000
);
--> statement-breakpoint
INSERT INTO `reply_templates` (`name`, `subject`, `body`, `updated_at`) VALUES (
	'Your car is ready',
	'Your {vehicle} is ready to pick up',
	'Hi {firstName},

Good news: your {vehicle} is ready to pick up. Our hours today: {hoursToday}.

When you come by, we''ll walk you through what we did and answer any questions. If today doesn''t work, call us at {shopPhone} and we''ll keep it safe for you.

Thank you for trusting our family with your car.',
	1795000000000
);
