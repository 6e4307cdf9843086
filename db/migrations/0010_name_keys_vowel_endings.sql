-- Hand-written (issue #22 item 8, ADR 006 amended): a name key now ends in "a" when the name ends in a vowel
-- («رضا» / Ridha "rda", «رعد» / Raad "rd"), and business words («معهد», «مركز»…) carry no key. Every row's
-- search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills every NULL one;
-- until then a row is found through its raw columns (the triggers' fallback).
UPDATE service_providers SET search_text = NULL;
