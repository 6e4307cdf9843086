-- Hand-written (ADR 080). A delivery claims its outbox row, with the claim's time, before it calls Twilio or Telegram:
-- the queue delivers at least once, and two deliveries of one message both sent it. A claim older than the longest a
-- delivery takes is a crashed one, and is taken again.
ALTER TABLE `outbox` ADD `claimed_at` integer;
