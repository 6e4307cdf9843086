import { index, integer, real, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** Iraqi cities and districts offered in every city selector, labelled in three languages. */
export const cities = sqliteTable(
  "cities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    slug: text("slug").notNull().unique(),
    nameEn: text("name_en").notNull(),
    nameAr: text("name_ar").notNull(),
    nameKu: text("name_ku").notNull(),
    governorate: text("governorate").notNull(),
    countryCode: text("country_code").notNull().default("IQ"),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
  },
  (t) => [index("cities_name_en_idx").on(t.nameEn)],
);

/** Reference points for "nearest known city" in the nine countries Dalil covers. */
export const geoCities = sqliteTable(
  "geo_cities",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    name: text("name").notNull(),
    country: text("country").notNull(),
    countryCode: text("country_code").notNull(),
    latitude: real("latitude").notNull(),
    longitude: real("longitude").notNull(),
    region: text("region"),
  },
  // the nearest-city lookup prunes by a latitude band before haversine
  (t) => [index("geo_cities_lat_idx").on(t.latitude), index("geo_cities_country_idx").on(t.countryCode)],
);
