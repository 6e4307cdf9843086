-- Hand-written (issue #38, ADR 054): records that only matter for a while leave D1 for the objects that count them
-- (workers/durable-objects/TtlKeys.ts): a bot chat's handled updates (Telegram update_id, Twilio MessageSid) in that
-- chat's object, each rate limit's slots in that limit's object; each object's alarm forgets them when their time
-- is up. What the two tables held at the deploy is dropped with them: a limit's window starts again (an hour at
-- most), and a channel's retry of an update handled in the minute before the deploy would be answered again.
DROP TABLE IF EXISTS `processed_updates`;--> statement-breakpoint
DROP TABLE IF EXISTS `rate_limit_events`;
