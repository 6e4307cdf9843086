-- Voice notes (issue #29, ADR 045): one row per note stored in R2, saying who sent it and which conversation it
-- went into, so the audio route can check the listener; its duration and waveform, read from the file once.
CREATE TABLE `voice_notes` (
	`key` text PRIMARY KEY NOT NULL,
	`uploader_id` integer NOT NULL,
	`conversation_id` integer,
	`content_type` text NOT NULL,
	`duration_ms` integer NOT NULL,
	`peaks` text NOT NULL,
	`bytes` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`uploader_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE INDEX `voice_notes_conversation_idx` ON `voice_notes` (`conversation_id`);--> statement-breakpoint
CREATE INDEX `voice_notes_uploader_idx` ON `voice_notes` (`uploader_id`);
