-- ADR 029: each conversation's ChatRoom holds its messages; D1's conversations row is their index.
ALTER TABLE `conversations` ADD `last_seq` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_text` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_image` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `last_sender` text;--> statement-breakpoint
ALTER TABLE `conversations` ADD `customer_unread` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `provider_unread` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `index_version` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE `conversations` ADD `moved_at` integer;--> statement-breakpoint
ALTER TABLE `conversations` ADD `index_writes` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
-- the index as the rooms will number it: a conversation's messages 1, 2, 3… in id order, so a read mark
-- (a chat_messages id until now) becomes the count of messages up to it
UPDATE `conversations` SET
  `last_seq` = (SELECT count(*) FROM `chat_messages` m WHERE m.conversation_id = conversations.id),
  `last_text` = (SELECT m.message FROM `chat_messages` m WHERE m.conversation_id = conversations.id ORDER BY m.id DESC LIMIT 1),
  `last_image` = (SELECT m.image_url FROM `chat_messages` m WHERE m.conversation_id = conversations.id ORDER BY m.id DESC LIMIT 1),
  `last_sender` = (SELECT m.sender_type FROM `chat_messages` m WHERE m.conversation_id = conversations.id ORDER BY m.id DESC LIMIT 1),
  `customer_unread` = (SELECT count(*) FROM `chat_messages` m WHERE m.conversation_id = conversations.id AND m.sender_type = 'provider' AND m.id > conversations.customer_last_read_id),
  `provider_unread` = (SELECT count(*) FROM `chat_messages` m WHERE m.conversation_id = conversations.id AND m.sender_type = 'user' AND m.id > conversations.provider_last_read_id),
  `customer_last_read_id` = (SELECT count(*) FROM `chat_messages` m WHERE m.conversation_id = conversations.id AND m.id <= conversations.customer_last_read_id),
  `provider_last_read_id` = (SELECT count(*) FROM `chat_messages` m WHERE m.conversation_id = conversations.id AND m.id <= conversations.provider_last_read_id);--> statement-breakpoint
-- chat_messages is read-only until it is dropped: rooms copy their rows in (lazily, or scripts/migrate-chat),
-- and only deletions (an account or a conversation going) still reach it
CREATE TRIGGER `chat_messages_read_only_insert` BEFORE INSERT ON `chat_messages`
BEGIN SELECT RAISE(ABORT, 'chat_messages is read-only: messages live in their ChatRoom (ADR 029)'); END;--> statement-breakpoint
-- (sender_user_id stays writable: deleting an account sets it to NULL through its foreign key)
CREATE TRIGGER `chat_messages_read_only_update` BEFORE UPDATE OF `conversation_id`, `provider_id`, `sender_type`, `message`, `image_url`, `client_id`, `timestamp` ON `chat_messages`
BEGIN SELECT RAISE(ABORT, 'chat_messages is read-only: messages live in their ChatRoom (ADR 029)'); END;
--> statement-breakpoint
-- a participant's report of a conversation: what lets an admin read it (through the room)
CREATE TABLE `chat_reports` (
	`id` integer PRIMARY KEY AUTOINCREMENT NOT NULL,
	`conversation_id` integer NOT NULL,
	`reporter_id` integer NOT NULL,
	`reason` text NOT NULL,
	`created_at` integer DEFAULT (cast(unixepoch('subsec') * 1000 as integer)) NOT NULL,
	FOREIGN KEY (`conversation_id`) REFERENCES `conversations`(`id`) ON UPDATE no action ON DELETE cascade,
	FOREIGN KEY (`reporter_id`) REFERENCES `users`(`id`) ON UPDATE no action ON DELETE cascade
);--> statement-breakpoint
CREATE UNIQUE INDEX `chat_reports_once_idx` ON `chat_reports` (`conversation_id`,`reporter_id`);
