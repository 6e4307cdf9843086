DROP INDEX `service_providers_rank_idx`;--> statement-breakpoint
DROP INDEX `service_providers_category_rank_idx`;--> statement-breakpoint
DROP INDEX `service_providers_city_rank_idx`;--> statement-breakpoint
DROP INDEX `service_providers_category_city_rank_idx`;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `hidden_at` integer;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `requested_name` text;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `name_requested_at` integer;--> statement-breakpoint
CREATE INDEX `service_providers_rank_idx` ON `service_providers` (`is_available`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_category_rank_idx` ON `service_providers` (`category_id`,`is_available`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_city_rank_idx` ON `service_providers` (`city_id`,`is_available`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_category_city_rank_idx` ON `service_providers` (`category_id`,`city_id`,`is_available`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
DROP INDEX `payments_booking_idx`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_booking_idx` ON `payments` (`booking_id`);--> statement-breakpoint
ALTER TABLE `provider_analytics` ADD `call_clicks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `provider_analytics` ADD `whatsapp_clicks` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `provider_analytics` ADD `chat_starts` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `provider_analytics` ADD `accepted_bookings` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `bookings` ADD `responded_at` integer;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `city` text;--> statement-breakpoint
ALTER TABLE `service_requests` ADD `city_id` integer REFERENCES cities(id);