-- Issue #36 (ADR 047): a request told to a listing's own number carries a single-use token (stored as its
-- SHA-256), bound to that booking and number; a number that said STOP is never messaged about a listing again.
CREATE TABLE `listing_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`phone` text NOT NULL,
	`token_hash` text NOT NULL,
	`channel` text NOT NULL,
	`kind` text NOT NULL,
	`send_at` integer,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_requests_token_idx` ON `listing_requests` (`token_hash`);--> statement-breakpoint
CREATE INDEX `listing_requests_booking_idx` ON `listing_requests` (`booking_id`);--> statement-breakpoint
CREATE TABLE `stopped_numbers` (
	`phone` text PRIMARY KEY NOT NULL,
	`stopped_at` integer NOT NULL
);
--> statement-breakpoint
-- a number that said STOP makes its listing "call only" on the cached public pages too (ADR 016)
CREATE TRIGGER `stopped_numbers_public_version` AFTER INSERT ON `stopped_numbers` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
-- a number writing to the bot finds the listings that carry it without reading every listing
CREATE INDEX `service_providers_phone_idx` ON `service_providers` (`phone`);
