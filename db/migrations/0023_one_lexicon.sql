-- Hand-written (issue #37 item 1, ADR 053; ADR 040's rule for a lexicon change): the trades moved into one lexicon
-- (domain/lexicon/trades.ts) and gained the seed's specialties that named no trade (pediatrician, electrical engineer,
-- interior designer, water tank installation, carpet cleaning, furniture moving, catering, baker, elderly caregiver,
-- videographer), the spellings only the translation dictionary had and Latin-script Kurdish for doctor, lawyer,
-- teacher, engineer, translator and photographer, so listings whose words name them now carry
-- their tokens (zzs…, zzp…). Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start),
-- which fills every NULL one; until then a row is found through its raw columns (the triggers' fallback).
UPDATE service_providers SET search_text = NULL;
