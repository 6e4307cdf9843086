CREATE TABLE `rate_limit_events` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`key` text NOT NULL,
	`created_at` integer NOT NULL
);
--> statement-breakpoint
CREATE INDEX `rate_limit_events_key_idx` ON `rate_limit_events` (`key`,`created_at`);--> statement-breakpoint
CREATE TABLE `sessions` (
	`id` text PRIMARY KEY NOT NULL,
	`user_id` integer NOT NULL,
	`expires_at` integer NOT NULL,
	`user_agent` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `sessions_user_idx` ON `sessions` (`user_id`);--> statement-breakpoint
CREATE TABLE `users` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`phone` text NOT NULL,
	`password_hash` text NOT NULL,
	`name` text NOT NULL,
	`user_type` text DEFAULT 'customer' NOT NULL,
	`is_admin` integer DEFAULT false NOT NULL,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_phone_verified` integer DEFAULT false NOT NULL,
	`verification_code` text,
	`verification_expiry` integer,
	`verification_attempts` integer DEFAULT 0 NOT NULL,
	`language` text DEFAULT 'en' NOT NULL,
	`job_title` text,
	`location` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `users_phone_unique` ON `users` (`phone`);--> statement-breakpoint
CREATE TABLE `cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name_en` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_ku` text NOT NULL,
	`governorate` text NOT NULL,
	`country_code` text DEFAULT 'IQ' NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `cities_slug_unique` ON `cities` (`slug`);--> statement-breakpoint
CREATE INDEX `cities_name_en_idx` ON `cities` (`name_en`);--> statement-breakpoint
CREATE TABLE `geo_cities` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`country` text NOT NULL,
	`country_code` text NOT NULL,
	`latitude` real NOT NULL,
	`longitude` real NOT NULL,
	`region` text
);
--> statement-breakpoint
CREATE INDEX `geo_cities_lat_idx` ON `geo_cities` (`latitude`);--> statement-breakpoint
CREATE INDEX `geo_cities_country_idx` ON `geo_cities` (`country_code`);--> statement-breakpoint
CREATE TABLE `categories` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`slug` text NOT NULL,
	`name` text NOT NULL,
	`name_ar` text NOT NULL,
	`name_ku` text NOT NULL,
	`icon` text DEFAULT 'Wrench' NOT NULL,
	`color` text DEFAULT 'gray' NOT NULL,
	`sort_order` integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX `categories_slug_unique` ON `categories` (`slug`);--> statement-breakpoint
CREATE TABLE `provider_analytics` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` integer NOT NULL,
	`date` text NOT NULL,
	`profile_views` integer DEFAULT 0 NOT NULL,
	`contact_clicks` integer DEFAULT 0 NOT NULL,
	`booking_requests` integer DEFAULT 0 NOT NULL,
	`completed_services` integer DEFAULT 0 NOT NULL,
	`revenue` integer DEFAULT 0 NOT NULL,
	`average_rating` real,
	`response_time` integer,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_analytics_day_idx` ON `provider_analytics` (`provider_id`,`date`);--> statement-breakpoint
CREATE TABLE `provider_applications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`business_name` text NOT NULL,
	`specialty` text NOT NULL,
	`category_id` integer NOT NULL,
	`city` text NOT NULL,
	`location` text NOT NULL,
	`phone` text NOT NULL,
	`whatsapp` text,
	`business_license` text,
	`profile_image` text,
	`experience` text,
	`description` text,
	`whatsapp_alerts` integer DEFAULT false NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`admin_notes` text,
	`reviewed_by` integer,
	`provider_id` integer,
	`submitted_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`reviewed_at` integer,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`reviewed_by`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `provider_applications_user_idx` ON `provider_applications` (`user_id`,`status`);--> statement-breakpoint
CREATE INDEX `provider_applications_status_idx` ON `provider_applications` (`status`,`submitted_at`);--> statement-breakpoint
CREATE TABLE `provider_certifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`provider_id` integer NOT NULL,
	`certification_type` text NOT NULL,
	`certificate_name` text NOT NULL,
	`issuing_organization` text,
	`issue_date` text,
	`expiry_date` text,
	`verification_status` text DEFAULT 'pending' NOT NULL,
	`document_url` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `provider_certifications_provider_idx` ON `provider_certifications` (`provider_id`);--> statement-breakpoint
CREATE TABLE `service_providers` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer,
	`name` text NOT NULL,
	`specialty` text NOT NULL,
	`specialty_ar` text,
	`specialty_ku` text,
	`category_id` integer NOT NULL,
	`city` text NOT NULL,
	`city_id` integer,
	`location` text NOT NULL,
	`phone` text NOT NULL,
	`whatsapp` text,
	`description` text,
	`is_verified` integer DEFAULT false NOT NULL,
	`is_available` integer DEFAULT true NOT NULL,
	`profile_image` text,
	`latitude` real,
	`longitude` real,
	`rating` real DEFAULT 0 NOT NULL,
	`review_count` integer DEFAULT 0 NOT NULL,
	`whatsapp_alerts` integer DEFAULT false NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`city_id`) REFERENCES `cities`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE UNIQUE INDEX `service_providers_user_idx` ON `service_providers` (`user_id`) WHERE user_id is not null;--> statement-breakpoint
CREATE INDEX `service_providers_category_idx` ON `service_providers` (`category_id`,`rating`);--> statement-breakpoint
CREATE INDEX `service_providers_city_idx` ON `service_providers` (`city_id`,`rating`);--> statement-breakpoint
CREATE INDEX `service_providers_rank_idx` ON `service_providers` (`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_lat_idx` ON `service_providers` (`latitude`);--> statement-breakpoint
CREATE TABLE `chat_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`sender_type` text NOT NULL,
	`sender_user_id` integer,
	`message` text,
	`image_url` text,
	`client_id` text,
	`timestamp` integer NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`sender_user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE INDEX `chat_messages_conversation_idx` ON `chat_messages` (`conversation_id`,`id`);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_messages_client_idx` ON `chat_messages` (`conversation_id`,`client_id`);--> statement-breakpoint
CREATE TABLE `conversations` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`last_message_at` integer,
	`customer_last_read_id` integer DEFAULT 0 NOT NULL,
	`provider_last_read_id` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `conversations_pair_idx` ON `conversations` (`customer_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `conversations_provider_idx` ON `conversations` (`provider_id`,`last_message_at`);--> statement-breakpoint
CREATE TABLE `bookings` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`service_description` text NOT NULL,
	`preferred_date` text,
	`preferred_time` text,
	`customer_location` text NOT NULL,
	`customer_phone` text NOT NULL,
	`urgency` text DEFAULT 'normal' NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`estimated_cost` integer,
	`actual_cost` integer,
	`notes` text,
	`provider_notes` text,
	`idempotency_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `bookings_customer_idx` ON `bookings` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_provider_idx` ON `bookings` (`provider_id`,`status`,`created_at`);--> statement-breakpoint
CREATE INDEX `bookings_status_idx` ON `bookings` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `bookings_idempotency_idx` ON `bookings` (`customer_id`,`idempotency_key`);--> statement-breakpoint
CREATE TABLE `notifications` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`title` text DEFAULT '' NOT NULL,
	`message` text NOT NULL,
	`is_read` integer DEFAULT false NOT NULL,
	`related_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE INDEX `notifications_user_idx` ON `notifications` (`user_id`,`is_read`,`created_at`);--> statement-breakpoint
CREATE TABLE `payments` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`booking_id` integer NOT NULL,
	`customer_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`amount` integer NOT NULL,
	`payment_method` text DEFAULT 'cash' NOT NULL,
	`payment_status` text DEFAULT 'pending' NOT NULL,
	`transaction_id` text,
	`platform_fee` integer DEFAULT 0 NOT NULL,
	`provider_earnings` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE no action,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `payments_booking_idx` ON `payments` (`booking_id`);--> statement-breakpoint
CREATE INDEX `payments_provider_idx` ON `payments` (`provider_id`);--> statement-breakpoint
CREATE TABLE `provider_proposals` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`service_request_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`proposal_text` text NOT NULL,
	`quoted_price` integer NOT NULL,
	`estimated_duration` text,
	`availability_date` text,
	`status` text DEFAULT 'pending' NOT NULL,
	`booking_id` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`service_request_id`) REFERENCES `service_requests`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE set null
);
--> statement-breakpoint
CREATE UNIQUE INDEX `provider_proposals_once_idx` ON `provider_proposals` (`service_request_id`,`provider_id`);--> statement-breakpoint
CREATE INDEX `provider_proposals_provider_idx` ON `provider_proposals` (`provider_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `reviews` (
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
	FOREIGN KEY (`booking_id`) REFERENCES `bookings`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `reviews_booking_idx` ON `reviews` (`booking_id`);--> statement-breakpoint
CREATE INDEX `reviews_provider_idx` ON `reviews` (`provider_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `service_requests` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`customer_id` integer NOT NULL,
	`category_id` integer,
	`title` text NOT NULL,
	`description` text NOT NULL,
	`budget` integer,
	`urgency` text DEFAULT 'normal' NOT NULL,
	`preferred_location` text,
	`latitude` real,
	`longitude` real,
	`attachments` text,
	`status` text DEFAULT 'open' NOT NULL,
	`proposal_count` integer DEFAULT 0 NOT NULL,
	`deadline` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`customer_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`category_id`) REFERENCES `categories`(`id`) ON UPDATE no action ON DELETE no action
);
--> statement-breakpoint
CREATE INDEX `service_requests_customer_idx` ON `service_requests` (`customer_id`,`created_at`);--> statement-breakpoint
CREATE INDEX `service_requests_open_idx` ON `service_requests` (`status`,`category_id`,`created_at`);--> statement-breakpoint
CREATE TABLE `channel_links` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`external_id` text NOT NULL,
	`user_id` integer,
	`language` text DEFAULT 'ar' NOT NULL,
	`opted_in` integer DEFAULT false NOT NULL,
	`last_inbound_at` integer,
	`link_code` text,
	`state` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`updated_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);
--> statement-breakpoint
CREATE UNIQUE INDEX `channel_links_external_idx` ON `channel_links` (`channel`,`external_id`);--> statement-breakpoint
CREATE INDEX `channel_links_user_idx` ON `channel_links` (`user_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `channel_links_code_idx` ON `channel_links` (`link_code`);--> statement-breakpoint
CREATE TABLE `outbox` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`channel` text NOT NULL,
	`recipient` text NOT NULL,
	`payload` text NOT NULL,
	`status` text DEFAULT 'pending' NOT NULL,
	`attempts` integer DEFAULT 0 NOT NULL,
	`last_error` text,
	`dedupe_key` text,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	`sent_at` integer
);
--> statement-breakpoint
CREATE INDEX `outbox_status_idx` ON `outbox` (`status`,`created_at`);--> statement-breakpoint
CREATE UNIQUE INDEX `outbox_dedupe_idx` ON `outbox` (`dedupe_key`);--> statement-breakpoint
CREATE TABLE `processed_updates` (
	`key` text PRIMARY KEY NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE TABLE `contact_messages` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`name` text NOT NULL,
	`email` text NOT NULL,
	`phone` text,
	`subject` text NOT NULL,
	`message` text NOT NULL,
	`type` text DEFAULT 'general' NOT NULL,
	`handled_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `contact_messages_created_idx` ON `contact_messages` (`created_at`);--> statement-breakpoint
CREATE TABLE `sponsored_ads` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`position` text NOT NULL,
	`title` text NOT NULL,
	`title_ar` text,
	`title_ku` text,
	`description` text,
	`description_ar` text,
	`description_ku` text,
	`image_url` text,
	`link_url` text NOT NULL,
	`sponsor` text NOT NULL,
	`cta_text` text,
	`cta_text_ar` text,
	`cta_text_ku` text,
	`is_active` integer DEFAULT true NOT NULL,
	`starts_at` integer,
	`ends_at` integer,
	`sort_order` integer DEFAULT 0 NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL
);
--> statement-breakpoint
CREATE INDEX `sponsored_ads_position_idx` ON `sponsored_ads` (`position`,`is_active`,`sort_order`);