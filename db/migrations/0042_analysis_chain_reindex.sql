-- Hand-written (ADR 081): the analysis chain folds a Sorani word as Lucene's SoraniNormalizer does (ه + ZWNJ, a final ه
-- and ة are ە; an initial ر is ڕ) and indexes each Arabic-script word's light stem beside it (Lucene's Arabic and
-- Sorani light stemmers, by the word's letters). Every row's search_text is recomputed by `node scripts/db.mjs reindex`
-- (run by npm start), which fills every NULL one; until then a row is found through its raw columns (the triggers'
-- fallback). A bench database needs the same (or a reseed).
UPDATE service_providers SET search_text = NULL;
