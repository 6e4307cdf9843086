-- Hand-written (ADR 040's rule for a lexicon change, ADR 093): the seed's printer repairer and sworn translator are
-- trades of their own now (each a kind of its family: the computer repairer, the translator), so such a listing gains
-- its own trade token beside the family's, and a listing that mentions a printer no longer carries the computer
-- repairer's. Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start), which fills
-- every NULL one; until then a row is found through its raw columns (the triggers' fallback). A bench database needs
-- the same (or a reseed).
UPDATE service_providers SET search_text = NULL;
