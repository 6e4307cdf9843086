-- Hand-written (issue #37; ADR 040's rule for a lexicon change, ADR 064): the phrase reader now takes the Sorani
-- indefinite with its ezafe («یەکی»: «بۆریچییەکی باش», a good plumber) off a word, as it already took «ێکی» and «یەک».
-- A listing whose own words say a trade that way gains that trade's mention token (zzs…). Every row's search_text is
-- recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills every NULL one; until then a row is
-- found through its raw columns (the triggers' fallback). A bench database needs the same (or a reseed).
UPDATE service_providers SET search_text = NULL;
