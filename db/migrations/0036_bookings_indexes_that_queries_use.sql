-- Hand-written (issue #38, ADR 069). D1 counts every index's pages, and two of the bookings' five indexes held an
-- entry for every booking that no query needed:
-- * `bookings_status_idx` (status, created_at) served one query, the expiry sweep's pending requests. It becomes a
--   partial index of the pending ones alone: a booking leaves it when it is answered, cancelled or expires.
-- * `bookings_customer_idx` (customer_id, created_at) duplicated the first column of the unique
--   `bookings_idempotency_idx` (customer_id, idempotency_key), which now serves a customer's reads (their list, their
--   last address, the download, a deletion's cascade) and sorts their few rows by date.
DROP INDEX IF EXISTS `bookings_status_idx`;--> statement-breakpoint
DROP INDEX IF EXISTS `bookings_customer_idx`;--> statement-breakpoint
CREATE INDEX `bookings_pending_idx` ON `bookings` (`created_at`) WHERE `status` = 'pending';
