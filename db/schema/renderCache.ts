import { sqliteTable, text } from "drizzle-orm/sqlite-core";

/**
 * Versions of data that pages show to everyone (ADR 016). The row `public` holds a random token that SQL
 * triggers replace on every write to service_providers, sponsored_ads, categories and cities, whoever
 * writes (domain verbs, the seed, a hand-run SQL statement). The edge cache keys anonymous pages by it,
 * so a changed listing or ad is never served from an older cached page.
 */
export const cacheVersions = sqliteTable("cache_versions", {
  name: text("name").primaryKey(),
  version: text("version").notNull(),
});
