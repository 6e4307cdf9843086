-- Hand-written (ADR 040's rule for a lexicon change, ADR 098): the seed's Arabic teacher, delivery driver and office
-- cleaner are trades of their own now (each a kind of its family: the teacher, the driver, the cleaner), and a carpet
-- named in a listing is the carpet cleaner's word, so such listings gain their own trade token beside the family's.
-- Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills every NULL
-- one; until then a row is found through its raw columns (the triggers' fallback). A bench database needs the same (or
-- a reseed).
UPDATE service_providers SET search_text = NULL;
