-- Hand-written (issue #37 item 7, ADR 059). What a ranked search orders by after relevance and place is kept on the
-- listing's own row: who answers (listing_answers.answers, ADR 052) and on Dalil (owned by an account whose phone is
-- proven). A search then reads each candidate's row once and no other table (D1 counts every row read).
-- The triggers keep both current whoever writes: the answers row, the owner's phone, the listing's owner. Each writes
-- only when the value changes, so the public pages' version (migration 0005) moves only when an order can.
ALTER TABLE `service_providers` ADD `answers` integer DEFAULT 1 NOT NULL;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `on_dalil` integer DEFAULT 0 NOT NULL;--> statement-breakpoint
UPDATE `service_providers` SET
  `answers` = coalesce((SELECT la.answers FROM listing_answers la WHERE la.provider_id = service_providers.id), 1),
  `on_dalil` = (user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.id = service_providers.user_id AND u.is_phone_verified = 1));
--> statement-breakpoint
CREATE TRIGGER `listing_answers_rank_insert` AFTER INSERT ON `listing_answers` BEGIN
  UPDATE service_providers SET answers = new.answers WHERE id = new.provider_id AND answers IS NOT new.answers;
END;
--> statement-breakpoint
CREATE TRIGGER `listing_answers_rank_update` AFTER UPDATE OF answers, provider_id ON `listing_answers` BEGIN
  UPDATE service_providers SET answers = 1 WHERE id = old.provider_id AND old.provider_id IS NOT new.provider_id AND answers IS NOT 1;
  UPDATE service_providers SET answers = new.answers WHERE id = new.provider_id AND answers IS NOT new.answers;
END;
--> statement-breakpoint
CREATE TRIGGER `listing_answers_rank_delete` AFTER DELETE ON `listing_answers` BEGIN
  UPDATE service_providers SET answers = 1 WHERE id = old.provider_id AND answers IS NOT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_on_dalil_insert` AFTER INSERT ON `users` WHEN new.is_phone_verified = 1 BEGIN
  UPDATE service_providers SET on_dalil = 1 WHERE user_id = new.id AND on_dalil IS NOT 1;
END;
--> statement-breakpoint
CREATE TRIGGER `users_on_dalil_update` AFTER UPDATE OF is_phone_verified ON `users` BEGIN
  UPDATE service_providers SET on_dalil = (new.is_phone_verified = 1) WHERE user_id = new.id AND on_dalil IS NOT (new.is_phone_verified = 1);
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_on_dalil_insert` AFTER INSERT ON `service_providers` WHEN new.user_id IS NOT NULL BEGIN
  UPDATE service_providers SET on_dalil = EXISTS (SELECT 1 FROM users u WHERE u.id = new.user_id AND u.is_phone_verified = 1) WHERE id = new.id;
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_on_dalil_update` AFTER UPDATE OF user_id ON `service_providers` BEGIN
  UPDATE service_providers SET on_dalil = (new.user_id IS NOT NULL AND EXISTS (SELECT 1 FROM users u WHERE u.id = new.user_id AND u.is_phone_verified = 1)) WHERE id = new.id;
END;
