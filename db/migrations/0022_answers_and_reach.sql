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
