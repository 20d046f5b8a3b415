-- The shop's mail settings as an owner sets them (/incoming/settings/emails, issue 29 item 7,
-- docs/decisions/051-mail-settings-in-d1.md): who receives the shop's emails, the visitor
-- confirmation switch, and the name replies are sent under. One row (id 1) once an owner has
-- saved them; until then the configuration's NOTIFY_TO and CONFIRM_VISITOR and the shop's name hold.
CREATE TABLE `shop_mail_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`recipients` text NOT NULL,
	`confirm_visitor` integer NOT NULL,
	`sender_name` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	CONSTRAINT "shop_mail_settings_single_row" CHECK(id = 1)
);
