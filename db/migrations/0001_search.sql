DROP INDEX `service_providers_category_idx`;--> statement-breakpoint
DROP INDEX `service_providers_city_idx`;--> statement-breakpoint
DROP INDEX `service_providers_lat_idx`;--> statement-breakpoint
ALTER TABLE `service_providers` ADD `search_text` text;--> statement-breakpoint
CREATE INDEX `service_providers_category_rank_idx` ON `service_providers` (`category_id`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_city_rank_idx` ON `service_providers` (`city_id`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_category_city_rank_idx` ON `service_providers` (`category_id`,`city_id`,`is_verified`,`rating`,`review_count`);--> statement-breakpoint
CREATE INDEX `service_providers_geo_cell_idx` ON `service_providers` (CAST(("latitude" + 90) * 100 AS INTEGER),CAST(("longitude" + 180) * 100 AS INTEGER));--> statement-breakpoint
-- Full-text search over providers (ADR 006). The text is normalised in code (providerSearchText →
-- service_providers.search_text); these triggers copy it, plus facet tokens for category and city, into
-- an FTS5 index on every insert/update/delete, so rows written by any code stay searchable. A row whose
-- writer forgot search_text is still indexed from its raw columns (less well: no Arabic folding).
CREATE VIRTUAL TABLE `providers_fts` USING fts5(body, tokenize = 'unicode61 remove_diacritics 2', prefix = '2 3');
--> statement-breakpoint
CREATE TRIGGER `service_providers_fts_insert` AFTER INSERT ON `service_providers` BEGIN
  INSERT INTO providers_fts(rowid, body) VALUES (
    new.id,
    coalesce(new.search_text, lower(new.name || ' ' || new.specialty || ' ' || coalesce(new.specialty_ar, '') || ' ' || coalesce(new.specialty_ku, '') || ' ' || new.city || ' ' || coalesce(new.description, '')))
      || ' zzc' || new.category_id || ' zzt' || coalesce(new.city_id, 0)
  );
END;
--> statement-breakpoint
-- A writer that changed what a provider is found by but not search_text leaves it stale: it is cleared
-- (the row is then indexed from its raw columns until `reindex` recomputes it) rather than kept wrong.
CREATE TRIGGER `service_providers_fts_update` AFTER UPDATE OF name, specialty, specialty_ar, specialty_ku, category_id, city, city_id, location, description, search_text ON `service_providers` BEGIN
  UPDATE service_providers SET search_text = NULL WHERE id = new.id AND (new.search_text IS old.search_text AND (new.name IS NOT old.name OR new.specialty IS NOT old.specialty OR new.specialty_ar IS NOT old.specialty_ar OR new.specialty_ku IS NOT old.specialty_ku OR new.category_id IS NOT old.category_id OR new.city IS NOT old.city OR new.city_id IS NOT old.city_id OR new.location IS NOT old.location OR new.description IS NOT old.description));
  DELETE FROM providers_fts WHERE rowid = old.id;
  INSERT INTO providers_fts(rowid, body) VALUES (
    new.id,
    coalesce(CASE WHEN (new.search_text IS old.search_text AND (new.name IS NOT old.name OR new.specialty IS NOT old.specialty OR new.specialty_ar IS NOT old.specialty_ar OR new.specialty_ku IS NOT old.specialty_ku OR new.category_id IS NOT old.category_id OR new.city IS NOT old.city OR new.city_id IS NOT old.city_id OR new.location IS NOT old.location OR new.description IS NOT old.description)) THEN NULL ELSE new.search_text END, lower(new.name || ' ' || new.specialty || ' ' || coalesce(new.specialty_ar, '') || ' ' || coalesce(new.specialty_ku, '') || ' ' || new.city || ' ' || coalesce(new.description, '')))
      || ' zzc' || new.category_id || ' zzt' || coalesce(new.city_id, 0)
  );
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_fts_delete` AFTER DELETE ON `service_providers` BEGIN
  DELETE FROM providers_fts WHERE rowid = old.id;
END;
--> statement-breakpoint
INSERT INTO providers_fts(rowid, body)
  SELECT id, coalesce(search_text, lower(name || ' ' || specialty || ' ' || coalesce(specialty_ar, '') || ' ' || coalesce(specialty_ku, '') || ' ' || city || ' ' || coalesce(description, '')))
    || ' zzc' || category_id || ' zzt' || coalesce(city_id, 0)
  FROM service_providers;
