-- Issue #28 items 3-5 (ADR 044): the provider's week, a booking's day proposals, and "on my way".
-- A listing's week as JSON (days off, hours per slot); NULL is the default week (every day, the usual hours).
ALTER TABLE `service_providers` ADD `week` text;
--> statement-breakpoint
-- when the provider said "on my way" (the customer is told once, however many taps)
ALTER TABLE `bookings` ADD `on_the_way_at` integer;
--> statement-breakpoint
CREATE TABLE `booking_day_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`proposed_by` integer,
	`side` text NOT NULL,
	`from_date` text,
	`from_time` text,
	`date` text NOT NULL,
	`time` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`answered_at` integer,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`proposed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
-- a booking's proposals in order: its history, its count (at most three) and its waiting ones
CREATE INDEX `booking_day_proposals_booking_idx` ON `booking_day_proposals` (`booking_id`,`id`);
