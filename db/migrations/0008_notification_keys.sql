-- A notification keeps what it says as a message key and its parameters, rendered when it is read, in the
-- reader's language at that moment (issue #19, ADR 025). Older rows keep their rendered title and message.
ALTER TABLE `notifications` ADD `message_key` text;
--> statement-breakpoint
ALTER TABLE `notifications` ADD `params` text;
