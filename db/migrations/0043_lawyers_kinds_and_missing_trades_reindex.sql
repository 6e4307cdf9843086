-- Hand-written (ADR 040's rule for a lexicon change, ADR 064, ADR 082): the lexicon now holds the lawyers' kinds the
-- seed lists (family, criminal, real estate: each a kind of lawyer, so such a listing gains its own trade token beside
-- zzplawyer) and trades nobody lists yet (TV repair, locksmith, pest control, home nurse: a description naming one gains
-- its mention token). Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start), which
-- fills every NULL one; until then a row is found through its raw columns (the triggers' fallback). A bench database
-- needs the same (or a reseed).
UPDATE service_providers SET search_text = NULL;
