-- Hand-written (ADR 084). A booking's alerts (the provider's bell and chats, the listing's number) were sent after the
-- row was saved: a request that died between the two left a booking nobody was told of, and a retry with the same key
-- returned it as it was. `alerts_due` holds the claim of the request sending them (its time; 0 = free to take) and is
-- emptied once they are sent, so a told booking stores nothing here. Bookings already made were told when made.
ALTER TABLE `bookings` ADD `alerts_due` integer;--> statement-breakpoint
-- the minute sweep finds the few whose sender died; only those rows are in the index
CREATE INDEX `bookings_alerts_due_idx` ON `bookings` (`alerts_due`) WHERE `alerts_due` IS NOT NULL;
