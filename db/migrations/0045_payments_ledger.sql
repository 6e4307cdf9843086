-- Hand-written (ADR 085). Money moves through Dalil: a provider's month, a
-- sponsored place, a booking's deposit, paid by ZainCash, Qi Card or FIB, beside the cash the provider records.
-- `payments` is rebuilt: a row is no longer always a booking's (booking_id nullable, `purpose`), a booking's row
-- outlives the booking's archive (ON DELETE SET NULL: money is kept on the books), and a gateway's id is unique per
-- gateway. What happened to each row is kept as events, never overwritten.
PRAGMA defer_foreign_keys = on;--> statement-breakpoint
CREATE TABLE `payments_new` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`purpose` text DEFAULT 'booking' NOT NULL,
	`booking_id` integer,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`payment_method` text DEFAULT 'cash' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`transaction_id` text,
	`platform_fee` integer DEFAULT 0 NOT NULL,
	`provider_earnings` integer NOT NULL,
	`refunded_amount` integer DEFAULT 0 NOT NULL,
	`details` text,
	`expires_at` integer,
	`refund_claimed_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
INSERT INTO `payments_new` (`id`, `purpose`, `booking_id`, `customer_id`, `provider_id`, `amount`, `payment_method`, `payment_status`, `transaction_id`, `platform_fee`, `provider_earnings`, `created_at`, `updated_at`)
	SELECT `id`, 'booking', `booking_id`, `customer_id`, `provider_id`, `amount`, `payment_method`, `payment_status`, `transaction_id`, `platform_fee`, `provider_earnings`, `created_at`, `created_at` FROM `payments`;--> statement-breakpoint
DROP TABLE `payments`;--> statement-breakpoint
ALTER TABLE `payments_new` RENAME TO `payments`;--> statement-breakpoint
CREATE UNIQUE INDEX `payments_booking_idx` ON `payments` (`booking_id`) WHERE `purpose` = 'booking';--> statement-breakpoint
CREATE UNIQUE INDEX `payments_gateway_idx` ON `payments` (`payment_method`, `transaction_id`) WHERE `transaction_id` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payments_provider_idx` ON `payments` (`provider_id`, `created_at`);--> statement-breakpoint
CREATE INDEX `payments_deposit_idx` ON `payments` (`booking_id`) WHERE `purpose` = 'deposit';--> statement-breakpoint
CREATE INDEX `payments_open_idx` ON `payments` (`created_at`) WHERE `payment_status` = 'pending';--> statement-breakpoint
CREATE INDEX `payments_status_idx` ON `payments` (`payment_method`, `payment_status`, `created_at`);--> statement-breakpoint
CREATE TABLE `payment_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`payment_id` integer,
	`gateway` text,
	`kind` text NOT NULL,
	`status` text,
	`amount` integer,
	`event_key` text,
	`note` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`payment_id`) REFERENCES `payments`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `payment_events_key_idx` ON `payment_events` (`event_key`) WHERE `event_key` IS NOT NULL;--> statement-breakpoint
CREATE INDEX `payment_events_payment_idx` ON `payment_events` (`payment_id`, `id`);--> statement-breakpoint
CREATE TABLE `prices` (
	`key` text PRIMARY KEY NOT NULL,
	`amount` integer NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
INSERT INTO `prices` (`key`, `amount`) VALUES ('subscription', 25000), ('free_first_month', 0), ('sponsored_hero', 15000), ('sponsored_category', 7000), ('sponsored_sidebar', 4000);--> statement-breakpoint
ALTER TABLE `service_providers` ADD `subscribed_until` integer;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `deposit_amount` integer;--> statement-breakpoint
CREATE INDEX `service_providers_subscribed_idx` ON `service_providers` (`subscribed_until`) WHERE `subscribed_until` IS NOT NULL;--> statement-breakpoint
ALTER TABLE `sponsored_ads` ADD `provider_id` integer REFERENCES `service_providers`(`id`);--> statement-breakpoint
ALTER TABLE `sponsored_ads` ADD `payment_id` integer;--> statement-breakpoint
CREATE INDEX `sponsored_ads_payment_idx` ON `sponsored_ads` (`payment_id`) WHERE `payment_id` IS NOT NULL;
