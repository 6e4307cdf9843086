-- ADR 022 (amended for issue #26): a chat linked from a session ends with the sessions; resets by unguessable codes.
-- how a chat came to act as its account: 'phone' (the chat is the number: a WhatsApp sender, a Telegram share of
-- the sender's own contact) or 'session' (a /start code made on a signed-in web page)
ALTER TABLE `channel_links` ADD `linked_via` text;--> statement-breakpoint
-- what the person sees of the chat ("Telegram · Ali (@ali)"), for the profile and the notices
ALTER TABLE `channel_links` ADD `label` text;--> statement-breakpoint
-- the owner unlinked this WhatsApp chat: the number's messages no longer act as the account until they link again
ALTER TABLE `channel_links` ADD `unlinked` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- links made before this migration: WhatsApp links are the number itself; a Telegram link may have come from a
-- session, so it is treated as one (the safe side: the next sign-out-everywhere ends it)
UPDATE `channel_links` SET `linked_via` = CASE WHEN `channel` = 'whatsapp' THEN 'phone' ELSE 'session' END WHERE `user_id` IS NOT NULL;--> statement-breakpoint
CREATE TABLE `reset_codes` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`user_id` integer NOT NULL,
	`code_hash` text NOT NULL,
	`expires_at` integer NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`user_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `reset_codes_hash_idx` ON `reset_codes` (`code_hash`);--> statement-breakpoint
CREATE INDEX `reset_codes_user_idx` ON `reset_codes` (`user_id`);
