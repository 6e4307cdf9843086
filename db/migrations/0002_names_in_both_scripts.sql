ALTER TABLE `provider_applications` ADD `name_other` text;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `name_other` text;--> statement-breakpoint
-- Hand-written (ADR 006, ADR 013): the search triggers now also read name_other. A row written
-- without search_text is indexed from its raw columns including the other-script name, and changing
-- name_other without recomputing search_text clears it like any other searched column.
DROP TRIGGER `service_providers_fts_insert`;--> statement-breakpoint
DROP TRIGGER `service_providers_fts_update`;--> statement-breakpoint
CREATE TRIGGER `service_providers_fts_insert` AFTER INSERT ON `service_providers` BEGIN
  INSERT INTO providers_fts(rowid, body) VALUES (
    new.id,
    coalesce(new.search_text, lower(new.name || ' ' || coalesce(new.name_other, '') || ' ' || new.specialty || ' ' || coalesce(new.specialty_ar, '') || ' ' || coalesce(new.specialty_ku, '') || ' ' || new.city || ' ' || coalesce(new.description, '')))
      || ' zzc' || new.category_id || ' zzt' || coalesce(new.city_id, 0)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_fts_update` AFTER UPDATE OF name, name_other, specialty, specialty_ar, specialty_ku, category_id, city, city_id, location, description, search_text ON `service_providers` BEGIN
  UPDATE service_providers SET search_text = NULL WHERE id = new.id AND (new.search_text IS old.search_text AND (new.name IS NOT old.name OR new.name_other IS NOT old.name_other OR new.specialty IS NOT old.specialty OR new.specialty_ar IS NOT old.specialty_ar OR new.specialty_ku IS NOT old.specialty_ku OR new.category_id IS NOT old.category_id OR new.city IS NOT old.city OR new.city_id IS NOT old.city_id OR new.location IS NOT old.location OR new.description IS NOT old.description));
  DELETE FROM providers_fts WHERE rowid = old.id;
  INSERT INTO providers_fts(rowid, body) VALUES (
    new.id,
    coalesce(CASE WHEN (new.search_text IS old.search_text AND (new.name IS NOT old.name OR new.name_other IS NOT old.name_other OR new.specialty IS NOT old.specialty OR new.specialty_ar IS NOT old.specialty_ar OR new.specialty_ku IS NOT old.specialty_ku OR new.category_id IS NOT old.category_id OR new.city IS NOT old.city OR new.city_id IS NOT old.city_id OR new.location IS NOT old.location OR new.description IS NOT old.description)) THEN NULL ELSE new.search_text END, lower(new.name || ' ' || coalesce(new.name_other, '') || ' ' || new.specialty || ' ' || coalesce(new.specialty_ar, '') || ' ' || coalesce(new.specialty_ku, '') || ' ' || new.city || ' ' || coalesce(new.description, '')))
      || ' zzc' || new.category_id || ' zzt' || coalesce(new.city_id, 0)
  );
END;
--> statement-breakpoint
-- search_text now carries transliteration keys (zzk…): existing rows are recomputed by
-- `node scripts/db.mjs reindex` (run by npm start), which fills every NULL search_text.
UPDATE service_providers SET search_text = NULL;
