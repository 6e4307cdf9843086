-- Hand-written (ADR 078). A star tapped is a whole review: its four parts and "would recommend" are only what the
-- person chose, so they may be absent (NULL). SQLite cannot drop NOT NULL in place: the table is rebuilt as it was,
-- those five columns nullable, its rows and indexes kept.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `reviews_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`rating` integer NOT NULL,
	`comment` text,
	`service_quality` integer,
	`punctuality` integer,
	`communication` integer,
	`value_for_money` integer,
	`would_recommend` integer,
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
