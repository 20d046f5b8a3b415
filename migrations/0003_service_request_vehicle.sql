ALTER TABLE `service_requests` ADD `vehicle_year` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `vehicle_make` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `vehicle_model` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `mileage` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `preferred_date` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `preferred_time` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `visit_type` text;