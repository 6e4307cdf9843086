-- Hand-written (issue #36 items 5–9, ADR 052). Who answers, and how fast: one small row per listing, rewritten when
-- one of its requests is answered or ends unanswered (domain/reach/answers.ts), so search and the cards read one row
-- per listing instead of its bookings. A chat's first question and first answer are kept on its index row by the
-- room (they live in the ChatRoom, not in D1).
CREATE TABLE `listing_answers` (
	`provider_id` integer PRIMARY KEY NOT NULL,
	`requests` integer DEFAULT 0 NOT NULL,
	`answered` integer DEFAULT 0 NOT NULL,
	`median_minutes` integer,
	`answers` integer DEFAULT 1 NOT NULL,
	`updated_at` integer NOT NULL,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
ALTER TABLE `conversations` ADD `first_asked_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `first_answered_at` integer;
--> statement-breakpoint
-- A customer's first message to a listing not on Dalil yet reaches its number once (issue #36 item 2, ADR 052): one
-- row per conversation (the unique index makes "first" atomic), what became of it, and the SHA-256 of the single-use
-- token of its link (/r/c/…), which lets the number reply once without an account.
CREATE TABLE `listing_chats` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`provider_id` integer NOT NULL,
	`phone` text,
	`token_hash` text,
	`channel` text,
	`outcome` text NOT NULL,
	`excerpt` text NOT NULL,
	`send_at` integer,
	`used_at` integer,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`provider_id`) REFERENCES `service_providers`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_chats_conversation_idx` ON `listing_chats` (`conversation_id`);--> statement-breakpoint
CREATE UNIQUE INDEX `listing_chats_token_idx` ON `listing_chats` (`token_hash`);
