-- Uploads that were never sent (issue #39, ADR 041/045 amended): a photo stored for a chat or a booking draft is
-- a row here until a message carries it; a voice note is unsent while its conversation_id is NULL. The retention
-- sweep removes both after a day (bytes from R2, then the row), oldest first through these indexes, and an
-- account's deletion removes every one of its uploads.
CREATE TABLE `draft_photos` (
	`key` text PRIMARY KEY NOT NULL,
	`uploader_id` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `draft_photos_created_idx` ON `draft_photos` (`created_at`);--> statement-breakpoint
CREATE INDEX `draft_photos_uploader_idx` ON `draft_photos` (`uploader_id`);--> statement-breakpoint
CREATE INDEX `voice_notes_unsent_idx` ON `voice_notes` (`created_at`) WHERE `conversation_id` IS NULL;
