CREATE TABLE `cache_versions` (
	`name` text PRIMARY KEY NOT NULL,
	`version` text NOT NULL
);
--> statement-breakpoint
-- Hand-written (ADR 016): every write to what public pages show replaces the `public` version with a new
-- random token, so the edge cache (keyed by it) never serves a page older than the data, whoever wrote.
-- No conflict clause in the triggers: an outer INSERT OR ABORT/IGNORE would override it (SQLite's rule).
INSERT OR REPLACE INTO cache_versions (name, version) VALUES ('public', lower(hex(randomblob(8))));
--> statement-breakpoint
CREATE TRIGGER `service_providers_public_version_insert` AFTER INSERT ON `service_providers` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_public_version_update` AFTER UPDATE ON `service_providers` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `service_providers_public_version_delete` AFTER DELETE ON `service_providers` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `sponsored_ads_public_version_insert` AFTER INSERT ON `sponsored_ads` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `sponsored_ads_public_version_update` AFTER UPDATE ON `sponsored_ads` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `sponsored_ads_public_version_delete` AFTER DELETE ON `sponsored_ads` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_public_version_insert` AFTER INSERT ON `categories` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_public_version_update` AFTER UPDATE ON `categories` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `categories_public_version_delete` AFTER DELETE ON `categories` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `cities_public_version_insert` AFTER INSERT ON `cities` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `cities_public_version_update` AFTER UPDATE ON `cities` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
--> statement-breakpoint
CREATE TRIGGER `cities_public_version_delete` AFTER DELETE ON `cities` BEGIN
  INSERT INTO cache_versions (name, version) SELECT 'public', '' WHERE NOT EXISTS (SELECT 1 FROM cache_versions WHERE name = 'public');
  UPDATE cache_versions SET version = lower(hex(randomblob(8))) WHERE name = 'public';
END;
