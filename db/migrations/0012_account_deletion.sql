-- Hand-written (issue #30, ADR 041): leaving Dalil, and keeping only what it needs.
-- An account that left keeps its row (bookings, reviews and conversations of the other side point at it), emptied:
-- no name, no phone, no password; deleted_at says it is gone.
ALTER TABLE `users` ADD `deleted_at` integer;--> statement-breakpoint
-- who deleted which account, when and why (the person, or an admin on the person's request through the contact page)
CREATE TABLE `account_deletions` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`deleted_by` integer,
	`reason` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);--> statement-breakpoint
CREATE INDEX `account_deletions_user_idx` ON `account_deletions` (`user_id`);--> statement-breakpoint
-- the retention sweeps (domain/retention) read each table's oldest rows first, in bounded batches
CREATE INDEX `notifications_read_created_idx` ON `notifications` (`is_read`,`created_at`);--> statement-breakpoint
CREATE INDEX `processed_updates_created_idx` ON `processed_updates` (`created_at`);--> statement-breakpoint
CREATE INDEX `sessions_expires_idx` ON `sessions` (`expires_at`);--> statement-breakpoint
CREATE INDEX `rate_limit_events_created_idx` ON `rate_limit_events` (`created_at`);--> statement-breakpoint
CREATE INDEX `users_code_expiry_idx` ON `users` (`verification_expiry`) WHERE verification_code IS NOT NULL;
