DROP INDEX `users_phone_unique`;--> statement-breakpoint
CREATE UNIQUE INDEX `users_verified_phone_unique` ON `users` (`phone`) WHERE is_phone_verified = 1;--> statement-breakpoint
CREATE INDEX `users_phone_idx` ON `users` (`phone`);