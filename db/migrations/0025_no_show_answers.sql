-- Hand-written (issue #36 item 8, ADR 056). "Did not come" is fair: the side said to be absent answers once, within
-- 48 hours of the claim, and the answer shows beside it (and apart, as contested, on the admin's No-shows tab).
ALTER TABLE `bookings` ADD `no_show_answer` text;--> statement-breakpoint
ALTER TABLE `bookings` ADD `no_show_answer_at` integer;
