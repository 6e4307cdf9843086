-- Issue #28, ADR 043: what follows a booking in time, planned in one table and sent by the Cron Trigger.
-- One row per message to one person about one booking: its kind (reminder the evening before, two hours before,
-- the review's ask and its nudge), the side it goes to, and when it is due. 'due' rows are claimed by the sweep
-- (status 'claimed' in one UPDATE, so two sweeps never claim one row; then 'sent' by the one sender that wins it); a booking that changes voids the rows
-- its new plan does not keep.
CREATE TABLE `scheduled_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`user_id` integer NOT NULL,
	`role` text NOT NULL,
	`kind` text NOT NULL,
	`due_at` integer NOT NULL,
	`status` text DEFAULT 'due' NOT NULL,
	`sent_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
-- the sweep reads only what is due (status 'due', due time passed: rows read ≈ rows due); retention walks the
-- sent and void rows by due time through the same index
CREATE INDEX `scheduled_messages_status_due_idx` ON `scheduled_messages` (`status`, `due_at`);--> statement-breakpoint
-- one row per message of a plan: planning the same booking twice changes nothing
CREATE UNIQUE INDEX `scheduled_messages_plan_idx` ON `scheduled_messages` (`booking_id`, `kind`, `role`, `due_at`);--> statement-breakpoint
-- the customer confirmed from a reminder ("Confirm")
ALTER TABLE `bookings` ADD `customer_confirmed_at` integer;--> statement-breakpoint
-- after the slot, one side said the other did not come: 'customer' (the customer did not come) or 'provider'
ALTER TABLE `bookings` ADD `no_show` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `no_show_at` integer;--> statement-breakpoint
-- the admin page counts no-shows per listing and per customer
CREATE INDEX `bookings_no_show_idx` ON `bookings` (`no_show`, `provider_id`) WHERE `no_show` IS NOT NULL;--> statement-breakpoint
-- the provider's one answer to a review, shown under it on the profile
ALTER TABLE `reviews` ADD `reply` text;--> statement-breakpoint
ALTER TABLE `reviews` ADD `replied_at` integer;
