-- Hand-written (ADR 040's rule for a lexicon change, ADR 087): the seed's generator technician, civil engineer,
-- architect, computer repairer, auto electrician, math and physics tutors are trades of their own now (each a kind of its
-- family, so such a listing gains its own trade token beside the family's), and a computer repairer is no longer a phone
-- repairer. Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills every
-- NULL one; until then a row is found through its raw columns (the triggers' fallback). A bench database needs the same
-- (or a reseed).
UPDATE service_providers SET search_text = NULL;
