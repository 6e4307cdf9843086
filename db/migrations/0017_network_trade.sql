-- Hand-written (session 10, ADR 040's rule for a new trade): the trade dictionary gained the network technician
-- (internet, router, Wi-Fi; the demo listing's own trade), so listings whose specialty names it now carry its
-- tokens (zzs…, zzp…). Every row's search_text is recomputed by `node scripts/db.mjs reindex` (run by npm start),
-- which fills every NULL one; until then a row is found through its raw columns (the triggers' fallback).
UPDATE service_providers SET search_text = NULL;
