-- Hand-written (issue #38 item 5, ADR 062). A closed booking older than 90 days leaves D1 for the archive in R2
-- (domain/bookings/archive.ts). Its review stays in D1: the profile shows it and the rating counts it. `reviews.booking_id`
-- referenced `bookings(id)` ON DELETE CASCADE, so the archive's delete would have taken the review with it. SQLite
-- cannot drop a foreign key in place: the table is rebuilt without that one, its rows and indexes as they were.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `reviews_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`service_quality` integer NOT NULL,
	`punctuality` integer NOT NULL,
	`communication` integer NOT NULL,
	`value_for_money` integer NOT NULL,
	`would_recommend` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reply` text,
	`replied_at` integer,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
INSERT INTO `reviews_new` (`id`, `booking_id`, `customer_id`, `provider_id`, `rating`, `comment`, `service_quality`, `punctuality`, `communication`, `value_for_money`, `would_recommend`, `created_at`, `reply`, `replied_at`)
	SELECT `id`, `booking_id`, `customer_id`, `provider_id`, `rating`, `comment`, `service_quality`, `punctuality`, `communication`, `value_for_money`, `would_recommend`, `created_at`, `reply`, `replied_at` FROM `reviews`;--> statement-breakpoint
DROP TABLE `reviews`;--> statement-breakpoint
ALTER TABLE `reviews_new` RENAME TO `reviews`;--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_idx` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_provider_idx` ON `reviews` (`provider_id`,`created_at`);
