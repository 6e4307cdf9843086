-- Hand-written (issue #37; ADR 040's rule for a lexicon change, ADR 061): a listing's address no longer gives it a
-- trade's mention token (zzs…): «الكرادة، قرب مدرسة الحكمة» is near a school, not a teacher's mention (ADR 059 left
-- this open), nor does a trade's word after an address word in its description («مقابل مدرسة…»). And installing an
-- AC is now a trade of its own, a kind of AC repair (zzpacinstallation beside zzpacrepair), so a fridge's search
-- lists the AC repairers who fix fridges before the installers. Every row's search_text is recomputed by
-- `node scripts/db.mjs reindex` (run by npm start), which fills every NULL one; until then a row is found through its
-- raw columns (the triggers' fallback). A bench database needs the same (or a reseed).
UPDATE service_providers SET search_text = NULL;
