-- Hand-written (ADR 084). A booking's alerts (the provider's bell and chats, the listing's number) were sent after the
-- row was saved: a request that died between the two left a booking nobody was told of, and a retry with the same key
-- returned it as it was. `alerted_at` is claimed by the one request that sends them; a retry finds it empty and sends.
-- Bookings already made were alerted when they were made.
ALTER TABLE `bookings` ADD `alerted_at` integer;--> statement-breakpoint
UPDATE `bookings` SET `alerted_at` = `created_at`;
