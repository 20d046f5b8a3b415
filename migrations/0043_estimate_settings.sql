CREATE TABLE `estimate_settings` (
	`id` integer PRIMARY KEY NOT NULL,
	`labour_rate` integer NOT NULL,
	`tax_rate_basis_points` integer NOT NULL,
	`tax_applies_to` text NOT NULL,
	`terms` text NOT NULL,
	`updated_at` integer NOT NULL,
	`updated_by` text,
	CONSTRAINT "estimate_settings_single_row" CHECK("estimate_settings"."id" = 1),
	CONSTRAINT "estimate_settings_tax_rate" CHECK("estimate_settings"."tax_rate_basis_points" between 0 and 10000),
	CONSTRAINT "estimate_settings_labour_rate" CHECK("estimate_settings"."labour_rate" >= 0)
);
