-- Hand-written (ADR 085). A paid deposit stays `paid` after its job: the 5-minute sweep that looks for deposits to
-- give back read every deposit ever paid (bench:payments: 31,800 rows a run at 100,000 payments). A deposit is now
-- settled (`settled_at`) once its booking is done with it (completed, or kept under the no-show rule), and the sweep
-- reads only the live ones through this index.
ALTER TABLE `payments` ADD `settled_at` integer;--> statement-breakpoint
CREATE INDEX `payments_live_deposit_idx` ON `payments` (`booking_id`) WHERE `purpose` = 'deposit' AND `payment_status` = 'paid' AND `settled_at` IS NULL;
