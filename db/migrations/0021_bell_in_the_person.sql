-- Hand-written (issue #38, ADR 051): each person's bell lives in their own Durable Object (UserSockets, SQLite
-- storage). D1's notifications table is renamed, so nothing writes or reads it by its old name, and its rows are
-- moved by domain/notifications/backfill.ts (a Cron Trigger sweep, "move the bell"), which drops the table once
-- it is empty. The retention sweep's index goes now; the per-person index stays for the move.
DROP INDEX IF EXISTS `notifications_read_created_idx`;--> statement-breakpoint
ALTER TABLE `notifications` RENAME TO `legacy_notifications`;
