-- Hand-written (issue #32, ADR 040): the trade dictionary grew (refrigerator, air cooler, washing machine, water
-- heater, tyres, satellite, the dialect and Latin-script Kurdish forms), and a listing's specialty now also
-- carries its trade's token (zzp…), which a search naming the trade matches first. Every row's search_text is
-- recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills every NULL one; until then a row is
-- found through its raw columns (the triggers' fallback), as after 0010.
UPDATE service_providers SET search_text = NULL;
